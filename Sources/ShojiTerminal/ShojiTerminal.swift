@_exported import Shoji
