#include "speed/common/Outcome.hpp"

namespace speed {

Outcome outcomeFor(GameResult result, int seat) {
    switch (result) {
    case GameResult::Playing: return Outcome::Playing;
    case GameResult::Draw: return Outcome::Draw;
    case GameResult::Seat0Wins: return seat == 0 ? Outcome::Won : Outcome::Lost;
    case GameResult::Seat1Wins: return seat == 1 ? Outcome::Won : Outcome::Lost;
    }
    return Outcome::Playing;
}

std::string_view toString(Outcome outcome) {
    switch (outcome) {
    case Outcome::Playing: return "PLAYING";
    case Outcome::Won: return "WIN";
    case Outcome::Lost: return "DEFEAT";
    case Outcome::Draw: return "DRAW";
    }
    return "PLAYING";
}

} // namespace speed
