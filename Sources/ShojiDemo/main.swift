// See DemoMain: options, menu file and log file are checked before the terminal is touched.
MainActor.assumeIsolated { DemoMain.run() }
