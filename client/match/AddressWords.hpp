#pragma once

#include "text/Words.hpp"

#include "speed/net/ConnectOptions.hpp"
#include "speed/net/HostPort.hpp"

#include <string>

namespace speed::client {

// An address that does not parse, in `in` (the window's language when not given); the address
// as it was typed is quoted as it is. English says what describe() says on the terminal.
std::string hostPortWords(const HostPortError& error, Language in);
std::string hostPortWords(const HostPortError& error);

// A peer that does not parse, in the window's language: where it was written (--join or the
// Join field; `settingsFile`'s peer) and what is wrong with it.
std::string peerProblemWords(const PeerProblem& problem, const std::string& settingsFile);

} // namespace speed::client
