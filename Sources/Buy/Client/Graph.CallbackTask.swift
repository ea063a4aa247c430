import Foundation

extension Graph {
    /// The ``GraphTask`` of the callback API: starts its async work on `resume()`, delivers at most once
    /// on the callback queue, and never delivers after `cancel()`.
    final class CallbackTask: GraphTask, @unchecked Sendable {
        private enum State { case created, running, cancelled, completed }

        private let lock = NSLock()
        private var state = State.created
        private var work: Task<Void, Never>?
        private let queue: DispatchQueue
        private let start: @Sendable (CallbackTask) -> Task<Void, Never>

        init(queue: DispatchQueue, start: @escaping @Sendable (CallbackTask) -> Task<Void, Never>) {
            self.queue = queue
            self.start = start
        }

        func resume() {
            lock.lock()
            guard state == .created else {
                lock.unlock()
                return
            }
            state = .running
            lock.unlock()
            let task = start(self)
            lock.lock()
            work = task
            let cancelledMeanwhile = state == .cancelled
            lock.unlock()
            if cancelledMeanwhile { task.cancel() }
        }

        func cancel() {
            lock.lock()
            guard state == .created || state == .running else {
                lock.unlock()
                return
            }
            state = .cancelled
            let task = work
            lock.unlock()
            task?.cancel()
        }

        /// Runs `body` on the callback queue unless the task was cancelled first.
        func deliver(_ body: @escaping @Sendable () -> Void) {
            queue.async {
                self.lock.lock()
                guard self.state == .running else {
                    self.lock.unlock()
                    return
                }
                self.state = .completed
                self.lock.unlock()
                body()
            }
        }
    }

    /// Carries values the compiler cannot prove `Sendable` (app closures, query builders) into the task
    /// that serves one request. Each box is used by that one task only.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
    }
}
