@testable import CommerceSandbox
@testable import SandboxCore

/// A service-specific test support built on a ``RouterTestRig``; it gets the rig's context and router.
package protocol RouterTestSupport {
    var rig: RouterTestRig { get }
}

extension RouterTestSupport {
    package var context: SandboxContext { rig.context }
}
