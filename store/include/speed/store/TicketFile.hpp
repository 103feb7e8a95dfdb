#pragma once

#include "speed/protocol/Continuity.hpp"
#include "speed/store/StoreProblem.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

// A client's resume ticket on disk: stateDir()/join-<host>.ticket, a few lines of text
// ("version 1", "host 192.0.2.1:50001", "client_nonce <16 hex>", "host_nonce <16 hex>",
// "host_name hana", "game 3"), readable by the user only (0600), replaced atomically.
namespace speed::store {

// The ticket's file in `dir` for a host address: "join-127.0.0.1_50001.ticket",
// "join-__1_50001.ticket" for "[::1]:50001" (see filenameSafe).
std::filesystem::path ticketPath(const std::filesystem::path& dir, std::string_view hostAddress);
// An address as a file name's part: the brackets around an IPv6 address dropped, then every
// character but [A-Za-z0-9.-] made '_' ("[::1]:50001" -> "__1_50001").
std::string filenameSafe(std::string_view hostAddress);

// Writes the ticket to `file`: into `<file>.tmp` (created 0600), fsync, renamed over `file`, the
// folder fsynced; a crash leaves the old ticket or the new one, never half of one. The folder
// must exist (ensureDir). Empty on success, else what went wrong, naming the file, and the
// operating system's words.
FileFailure saveTicket(const std::filesystem::path& file, const protocol::ResumeTicket& ticket);

struct LoadedTicket {
    std::optional<protocol::ResumeTicket> ticket;
    std::string error;    // the file is there but cannot be read or is not a ticket ("line 3: ...")
    bool missing = false; // no file: no ticket, and nothing wrong
    StoreProblemKind kind = StoreProblemKind::CannotReadTicket; // when error is set: unreadable or not a ticket
    std::string systemText; // the operating system's words, when they say why
};
// Reads a ticket written by saveTicket. Any other content is an error, never a crash.
LoadedTicket loadTicket(const std::filesystem::path& file);

// Deletes the ticket (and a leftover `<file>.tmp`); a missing file is fine. Empty on success.
FileFailure removeTicket(const std::filesystem::path& file);

} // namespace speed::store
