/// One entry of the queue that waits for `configure`, kept in call order.
enum QueuedWork: Sendable {
    case request(PendingRequest)
    /// A post-install fetch asked for before `configure`. Whether it goes out is decided when the queue
    /// is released, so the once-per-install flag, the install window and the app id are judged then.
    case postInstallFetch(CheckedContinuation<PostInstallOutcome, Never>)
}
