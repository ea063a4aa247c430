import CommerceCore
import Dispatch
import Foundation

/// A task executor that runs every job on the thread that calls ``run(_:)``.
///
/// GRDB only lets a `Database` be used on the thread of the `write` closure that handed it out, while
/// GraphQLSwift's executor is `async` and spawns child tasks for every selection set. Running the whole
/// execution here — inside the write closure — keeps every resolver on that thread and inside one
/// transaction, and makes execution order (and so error order) deterministic.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class InlineTaskExecutor: TaskExecutor, Sendable {
    private let signal = DispatchSemaphore(value: 0)
    private let queue = Locked<(jobs: [UnownedJob], finished: Bool)>(([], false))

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.withLock { $0.jobs.append(unowned) }
        signal.signal()
    }

    private func finish() {
        queue[\.finished] = true
        signal.signal()
    }

    /// Runs `operation` to completion on the calling thread and returns its result.
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let executor = InlineTaskExecutor()
        let result = Locked<T?>(nil)
        Task(executorPreference: executor) {
            let value = await operation()
            result.set(value)
            executor.finish()
        }
        executor.drain()
        // `finish()` only runs after the value is stored, so it is present here.
        return result.current!
    }

    private func drain() {
        while true {
            signal.wait()
            let next: UnownedJob? = queue.withLock { $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }
            if let next {
                next.runSynchronously(on: asUnownedTaskExecutor())
                continue
            }
            if queue.withLock({ $0.finished && $0.jobs.isEmpty }) { return }
        }
    }
}
