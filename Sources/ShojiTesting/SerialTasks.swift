import Glibc
import Synchronization

/// Runs the app's Swift tasks deterministically for `Pilot.runTasks()` and `ManualClock`.
///
/// Why: a main-actor task that calls a nonisolated async function (`Task.sleep`, a `Clock`'s
/// `sleep`) runs that part on the global concurrent executor, on another thread, and comes
/// back to the main actor whenever that thread gets to it. A test on the main actor cannot wait
/// for "the task went on" without waiting for time to pass.
///
/// How: while `redirectingGlobalJobs` runs (and during `runUntilIdle`), the Swift runtime's
/// global-executor hook (`swift_task_enqueueGlobal_hook`, the one swift-concurrency-extras'
/// `withMainSerialExecutor` sets) queues every job meant for the global executor on the main
/// actor instead, and the main-executor hook counts the jobs queued on the main actor. Then
/// everything ready runs on one serial queue, in order, and a yield that comes back with no
/// other job queued meanwhile means nothing is left to run. The hooks are process-wide: they are
/// installed only for those calls (counted, so overlapping calls from parallel tests nest),
/// and the previous hooks are put back after. Where the runtime lacks them, `runUntilIdle`
/// yields a fixed number of times instead, which covers short chains of hops only.
enum SerialTasks {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private struct Installation {
        var depth = 0
        var savedGlobal: Hook?
        var savedMain: Hook?
    }

    nonisolated(unsafe) private static let globalHook = hookPointer("swift_task_enqueueGlobal_hook")
    nonisolated(unsafe) private static let mainHook = hookPointer("swift_task_enqueueMainExecutor_hook")
    private static let installation = Mutex(Installation())
    /// Jobs queued on the main actor while the hooks were installed.
    static let mainActorJobs = Atomic<Int>(0)

    /// Whether this Swift runtime has both hooks.
    static var isAvailable: Bool { globalHook != nil && mainHook != nil }

    private static func hookPointer(_ name: String) -> UnsafeMutablePointer<Hook?>? {
        dlsym(nil, name)?.assumingMemoryBound(to: Hook?.self)
    }

    private static func begin() {
        installation.withLock { state in
            state.depth += 1
            guard state.depth == 1, let globalHook, let mainHook else { return }
            state.savedGlobal = globalHook.pointee
            state.savedMain = mainHook.pointee
            globalHook.pointee = { job, _ in MainActor.shared.enqueue(job) }
            mainHook.pointee = { job, original in
                SerialTasks.mainActorJobs.add(1, ordering: .sequentiallyConsistent)
                original(job)
            }
        }
    }

    private static func end() {
        installation.withLock { state in
            state.depth -= 1
            guard state.depth == 0, let globalHook, let mainHook else { return }
            globalHook.pointee = state.savedGlobal
            mainHook.pointee = state.savedMain
        }
    }

    /// Runs `body` with global jobs sent to the main actor: a continuation resumed inside it
    /// continues on the main actor's queue, in order.
    static func redirectingGlobalJobs<T>(_ body: () throws -> T) rethrows -> T {
        begin()
        defer { end() }
        return try body()
    }

    /// Yields the main actor until no other job was queued on it during a yield, at most
    /// `limit` times. Returns false if work was still arriving after `limit` yields.
    @MainActor
    @discardableResult
    static func runUntilIdle(limit: Int = 10_000) async -> Bool {
        guard isAvailable else {
            for _ in 0..<100 { await Task.yield() }
            return true
        }
        begin()
        defer { end() }
        for _ in 0..<limit {
            let before = mainActorJobs.load(ordering: .sequentiallyConsistent)
            await Task.yield()
            // Our own yield is one job; anything more was queued by someone else.
            if mainActorJobs.load(ordering: .sequentiallyConsistent) - before <= 1 { return true }
        }
        return false
    }
}
