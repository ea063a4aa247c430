// SwiftPM builds a C target from at least one source file; the target's only content is its header.
#include "CLibFuzzer.h"
