import Glibc
import Shoji

extension Application {
    /// Runs the app on the terminal until it quits, then exits the process: the usual end of a
    /// Shoji app's `main`. Start-up problems (not a terminal, TERM unset or unknown, no UTF-8
    /// locale, not called from a synchronous main on the main thread) print one line on stderr
    /// and exit 2 before the terminal is touched; a terminating signal restores the terminal and
    /// ends the process with that signal. See `TerminalSession` for what the session does.
    ///
    /// Call it on the main thread from synchronous code (`App.main()`, top-level code in
    /// `main.swift` that does not `await`): the loop serves the main actor's Swift tasks itself.
    ///
    /// The user's settings in the environment apply first (`applyUserSettings(fromEnvironment:)`:
    /// `SHOJI_FOLLOW_FOCUS=1`, `SHOJI_SCREEN_READER=1`, `SHOJI_THEME` naming a preset,
    /// `SHOJI_ANIMATIONS=none`).
    ///
    /// `presentation` decides where it draws: the whole screen, or inline, a block of lines below
    /// the shell prompt whose last frame stays in the scrollback (see `TerminalPresentation`).
    ///
    /// `exitStatus` runs after the terminal is restored, when the app quit (not when a signal
    /// ended it): it may report a problem on stderr and returns the status to exit with. Before
    /// it, `result` (when set) is written to standard output with a line feed; with
    /// `runsInPipelines` that output may be a pipe, the app drawing on the controlling terminal.
    ///
    /// When the session finds that the terminal may not draw Unicode symbols
    /// (`TerminalSession.glyphSet` is `.ascii`), the window's `glyphSet` becomes `.ascii`; the
    /// environment never turns an app's `.ascii` back to `.unicode`.
    public func run(exitStatus: () -> Int32 = { 0 }) -> Never {
        applyUserSettings(fromEnvironment: TerminalSession.environment(Self.userSettingNames))
        // The loop drives the window, which holds its application weakly: the app lives as long
        // as the session runs.
        withExtendedLifetime(self) {
            TerminalSession.main(
                framesPerSecond: framesPerSecond, presentation: presentation,
                controllingTerminalWhenPiped: runsInPipelines,
                { session in
                    if session.glyphSet == .ascii { self.window.glyphSet = .ascii }
                    return self.window
                },
                exitStatus: {
                    // The terminal is restored and what the app printed meanwhile is out.
                    if let result = self.result { TerminalSession.writeLine(result, to: STDOUT_FILENO) }
                    return exitStatus()
                })
        }
    }
}

extension App {
    /// The entry point for `@main`: makes the app, its `Application`, and runs it (see
    /// `Application.run()`); never returns.
    public static func main() {
        Self().makeApplication().run()
    }
}
