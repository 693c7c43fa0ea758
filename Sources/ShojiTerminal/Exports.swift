// Apps that import ShojiTerminal program against the core types too.
@_exported import Shoji
