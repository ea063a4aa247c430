#ifndef COMMERCEKIT_CLIBFUZZER_H
#define COMMERCEKIT_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program that has its own `main` (SwiftPM gives every executable one). It is defined
/// only when the program is linked with `-sanitize=fuzzer`, so only `CommerceFuzz` built with `-D FUZZING` calls it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
