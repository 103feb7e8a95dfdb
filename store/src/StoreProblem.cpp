#include "speed/store/StoreProblem.hpp"

namespace speed::store {

std::string describe(const StoreProblem& problem) {
    switch (problem.effect) {
    case KeeperEffect::None:
        return problem.logText;
    case KeeperEffect::JoinsAsNewPlayer:
        return problem.logText + "; joining as a new player";
    case KeeperEffect::CannotComeBack:
        return problem.logText + ": a restarted program could not come back to this match";
    case KeeperEffect::HostCannotTakeBack:
        return problem.logText + ": a restarted host could not take this match back";
    case KeeperEffect::StartsNewMatch:
        return problem.logText + "; starting a new match";
    case KeeperEffect::HostWithoutResume:
        return problem.logText + ": this host plays without resume";
    }
    return problem.logText;
}

} // namespace speed::store
