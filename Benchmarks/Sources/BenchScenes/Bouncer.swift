/// Moves back and forth between 0 and a maximum one step a frame, for scenes that scroll.
struct Bouncer {
    var position = 0
    var step = 1

    mutating func next(maximum: Int) -> Int {
        if position + step > maximum || position + step < 0 { step = -step }
        position = min(max(0, position + step), maximum)
        return position
    }
}
