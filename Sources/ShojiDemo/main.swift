import ShojiTerminal

// Everything about the terminal (checks, set-up, signals, restoring it) is the session's job.
MainActor.assumeIsolated {
    TerminalSession.main { _ in DemoApp() }
}
