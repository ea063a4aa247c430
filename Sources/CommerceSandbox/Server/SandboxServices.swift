import ATHMovilSandbox
import ButtonSandbox
import PaytronixSandbox
import RezolveSandbox
import SandboxCore
import StorefrontSandbox

/// Every emulated back end, in the order their routes are registered. Add a service here to serve it.
func makeServices(_ context: SandboxContext) -> [any SandboxService] {
    [
        ButtonService(context: context),
        PaytronixService(context: context),
        ATHMovilService(context: context),
        StorefrontService(context: context),
        RezolveService(context: context),
    ]
}
