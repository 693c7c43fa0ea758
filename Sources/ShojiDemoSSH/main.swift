// See DemoServerMain: `shoji-demo --ssh` runs this binary with its own arguments.
MainActor.assumeIsolated { DemoServerMain.run() }
