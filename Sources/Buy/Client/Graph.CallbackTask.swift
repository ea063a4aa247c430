import CommerceCore
import Foundation

extension Graph {
    /// The ``GraphTask`` of the callback API: starts its async work on `resume()`, delivers at most once
    /// on the callback queue, and never delivers after `cancel()`.
    final class CallbackTask: GraphTask, Sendable {
        private enum State { case created, running, cancelled, completed }

        private let progress = Locked<(state: State, work: Task<Void, Never>?)>((.created, nil))
        private let queue: DispatchQueue
        private let start: @Sendable (CallbackTask) -> Task<Void, Never>

        init(queue: DispatchQueue, start: @escaping @Sendable (CallbackTask) -> Task<Void, Never>) {
            self.queue = queue
            self.start = start
        }

        func resume() {
            let starts: Bool = progress.withLock { progress in
                guard progress.state == .created else { return false }
                progress.state = .running
                return true
            }
            guard starts else { return }
            // Started outside the lock: `start` may call back into this task.
            let task = start(self)
            let cancelledMeanwhile: Bool = progress.withLock { progress in
                progress.work = task
                return progress.state == .cancelled
            }
            if cancelledMeanwhile { task.cancel() }
        }

        func cancel() {
            let task: Task<Void, Never>? = progress.withLock { progress in
                guard progress.state == .created || progress.state == .running else { return nil }
                progress.state = .cancelled
                return progress.work
            }
            task?.cancel()
        }

        /// Runs `body` on the callback queue unless the task was cancelled first.
        func deliver(_ body: @escaping @Sendable () -> Void) {
            queue.async {
                let delivers: Bool = self.progress.withLock { progress in
                    guard progress.state == .running else { return false }
                    progress.state = .completed
                    return true
                }
                if delivers { body() }
            }
        }
    }

    /// Carries values the compiler cannot prove `Sendable` (app closures, query builders) into the task
    /// that serves one request. Each box is used by that one task only.
    // @unchecked: each box is used by the one task that serves its request, never by two threads at once.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
    }
}
