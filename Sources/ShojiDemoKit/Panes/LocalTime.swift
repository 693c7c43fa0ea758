import Glibc

/// The wall clock for the demo's clock pane.
public enum LocalTime {
    /// Seconds since local midnight, with the fraction, from the system's real-time clock and
    /// time zone (`TZ`, else the system's; UTC when neither is set).
    @MainActor
    public static func secondsSinceMidnight() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Double(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec) + Double(now.tv_nsec) / 1e9
    }
}
