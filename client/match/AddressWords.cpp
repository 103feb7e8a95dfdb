#include "match/AddressWords.hpp"

namespace speed::client {
namespace {

const char* problemKey(HostPortProblem kind) {
    switch (kind) {
    case HostPortProblem::Empty:
        return "address.empty";
    case HostPortProblem::UnclosedBracket:
        return "address.unclosed_bracket";
    case HostPortProblem::AfterBracket:
        return "address.after_bracket";
    case HostPortProblem::EmptyPort:
        return "address.empty_port";
    case HostPortProblem::EmptyHost:
        return "address.empty_host";
    case HostPortProblem::BadPort:
        return "address.bad_port";
    case HostPortProblem::None:
        break;
    }
    return nullptr;
}

} // namespace

std::string hostPortWords(const HostPortError& error, Language in) {
    const char* key = problemKey(error.kind);
    if (key == nullptr) return {};
    return trfIn(in, key, error.kind == HostPortProblem::BadPort ? error.port : error.text);
}

std::string hostPortWords(const HostPortError& error) {
    return hostPortWords(error, language());
}

std::string peerProblemWords(const PeerProblem& problem, const std::string& settingsFile) {
    const std::string what = hostPortWords(problem.error);
    if (problem.source == PeerSource::JoinFlag) return trf("address.from_join", what);
    return trf("address.from_setup_peer", settingsFile, what);
}

} // namespace speed::client
