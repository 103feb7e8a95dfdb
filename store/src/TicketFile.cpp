#include "speed/store/TicketFile.hpp"

#include "PosixFiles.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <limits>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace speed::store {

namespace {

constexpr std::string_view kTicketVersionLine = "version 1";
constexpr off_t kMaxTicketBytes = 4096; // a ticket is a few dozen bytes: anything larger is not one

// The keys after the version line, each exactly once, in the order saveTicket writes them.
enum class TicketKey : std::size_t { Host, ClientNonce, HostNonce, HostName, Game, Count };
constexpr std::array<std::string_view, static_cast<std::size_t>(TicketKey::Count)> kTicketKeys{
    "host", "client_nonce", "host_nonce", "host_name", "game"};

std::string ticketFailure(std::string_view doing, const std::filesystem::path& file, std::string_view reason) {
    return "cannot " + std::string(doing) + " the ticket " + file.string() + ": " + std::string(reason);
}

// The failure of `doing` with the ticket, for an errno: the sentence and the system's words.
FileFailure ticketSystemFailure(std::string_view doing, const std::filesystem::path& file, int error,
                                std::string_view context = {}) {
    const std::string reason = detail::errnoText(error);
    return {ticketFailure(doing, file, std::string(context) + reason), reason};
}

bool ticketHasLineBreak(std::string_view text) {
    return text.find_first_of("\r\n") != std::string_view::npos;
}

// A piece of a garbled file, safe to put in a message: printable ASCII, at most 24 characters.
std::string ticketQuoted(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < 24; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        out += c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?';
    }
    if (text.size() > 24) out += "...";
    return out + "\"";
}

std::string ticketText(const protocol::ResumeTicket& ticket) {
    std::string text(kTicketVersionLine);
    text += "\nhost " + ticket.host;
    text += "\nclient_nonce " + protocol::nonceText(ticket.clientNonce);
    text += "\nhost_nonce " + protocol::nonceText(ticket.hostNonce);
    text += "\nhost_name " + ticket.hostName;
    text += "\ngame " + std::to_string(ticket.game) + "\n";
    return text;
}

struct ParsedTicket {
    std::optional<protocol::ResumeTicket> ticket;
    std::string error; // "line 3: client_nonce must be 16 hex digits"
};

std::vector<std::string_view> ticketLines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    }
    return lines;
}

// Empty when the first line is the version this program reads.
std::string versionLineProblem(std::string_view line) {
    if (line == kTicketVersionLine) return {};
    if (line.starts_with("version ")) {
        return "version " + ticketQuoted(line.substr(8)) + " is not one this program reads (1)";
    }
    return "a ticket starts with \"version 1\"";
}

// Puts one key's value into the ticket; empty, else why the value is not one.
std::string takeTicketValue(TicketKey key, std::string_view value, protocol::ResumeTicket& ticket) {
    const std::string name(kTicketKeys[static_cast<std::size_t>(key)]);
    switch (key) {
    case TicketKey::Host:
        if (value.empty()) return "host must not be empty";
        ticket.host = std::string(value);
        return {};
    case TicketKey::ClientNonce:
    case TicketKey::HostNonce: {
        const auto nonce = protocol::nonceFromText(value);
        if (!nonce) return name + " must be 16 hex digits";
        (key == TicketKey::ClientNonce ? ticket.clientNonce : ticket.hostNonce) = *nonce;
        return {};
    }
    case TicketKey::HostName:
        ticket.hostName = std::string(value);
        return {};
    case TicketKey::Game: {
        protocol::WireNumber game = 0;
        const char* end = value.data() + value.size();
        const auto [stop, error] = std::from_chars(value.data(), end, game);
        if (value.empty() || error != std::errc{} || stop != end || value[0] == '+' || value[0] == '-') {
            return "game must be a number from 0 to " +
                   std::to_string(std::numeric_limits<protocol::WireNumber>::max());
        }
        ticket.game = game;
        return {};
    }
    case TicketKey::Count:
        break;
    }
    return {};
}

// One "key value" line after the version; empty, else what is wrong with it.
std::string takeTicketLine(std::string_view line, std::array<bool, kTicketKeys.size()>& seen,
                           protocol::ResumeTicket& ticket) {
    const auto space = line.find(' ');
    const std::string_view key = line.substr(0, space);
    const std::string_view value = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
    std::size_t index = 0;
    while (index < kTicketKeys.size() && kTicketKeys[index] != key)
        ++index;
    if (index == kTicketKeys.size())
        return line.empty() ? std::string("an empty line") : "unknown key " + ticketQuoted(key);
    if (seen[index]) return "a second " + std::string(key) + " line";
    seen[index] = true;
    return takeTicketValue(static_cast<TicketKey>(index), value, ticket);
}

ParsedTicket parseTicketText(std::string_view text) {
    const std::vector<std::string_view> lines = ticketLines(text);
    const auto failAt = [](std::size_t number, std::string_view what) {
        return ParsedTicket{std::nullopt, "line " + std::to_string(number) + ": " + std::string(what)};
    };
    if (lines.empty()) return {std::nullopt, "the file is empty"};
    if (auto problem = versionLineProblem(lines[0]); !problem.empty()) return failAt(1, problem);
    protocol::ResumeTicket ticket;
    std::array<bool, kTicketKeys.size()> seen{};
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (auto problem = takeTicketLine(lines[i], seen, ticket); !problem.empty()) return failAt(i + 1, problem);
    }
    for (std::size_t index = 0; index < kTicketKeys.size(); ++index) {
        if (!seen[index]) return {std::nullopt, "no " + std::string(kTicketKeys[index]) + " line"};
    }
    return {std::move(ticket), {}};
}

void cannotRead(LoadedTicket& loaded, const std::filesystem::path& file, int error) {
    loaded.kind = StoreProblemKind::CannotReadTicket;
    loaded.systemText = detail::errnoText(error);
    loaded.error = ticketFailure("read", file, loaded.systemText);
}

void notATicket(LoadedTicket& loaded, const std::filesystem::path& file, std::string_view why) {
    loaded.kind = StoreProblemKind::NotATicket;
    loaded.error = ticketFailure("read", file, why);
}

// write(2) until all of `text` is out.
int writeAllOf(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t wrote = ::write(fd, text.data(), text.size());
        if (wrote < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        text.remove_prefix(static_cast<std::size_t>(wrote));
    }
    return 0;
}

} // namespace

std::string filenameSafe(std::string_view hostAddress) {
    std::string safe;
    safe.reserve(hostAddress.size());
    for (const char c : hostAddress) {
        if (c == '[' || c == ']') continue;
        const bool kept =
            (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
        safe += kept ? c : '_';
    }
    return safe;
}

std::filesystem::path ticketPath(const std::filesystem::path& dir, std::string_view hostAddress) {
    return dir / ("join-" + filenameSafe(hostAddress) + ".ticket");
}

FileFailure saveTicket(const std::filesystem::path& file, const protocol::ResumeTicket& ticket) {
    if (ticket.host.empty()) return {ticketFailure("write", file, "it names no host"), {}};
    if (ticketHasLineBreak(ticket.host) || ticketHasLineBreak(ticket.hostName)) {
        return {ticketFailure("write", file, "the host's address or name holds a line break"), {}};
    }
    const std::string text = ticketText(ticket);
    std::filesystem::path temporary = file;
    temporary += ".tmp";

    const auto openTemporary = [&] {
        return ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    };
    int fd = openTemporary();
    if (fd < 0 && errno == EEXIST) { // left by a save that did not finish
        ::unlink(temporary.c_str());
        fd = openTemporary();
    }
    if (fd < 0) return ticketSystemFailure("write", file, errno);

    int error = 0;
    if (::fchmod(fd, 0600) != 0) error = errno; // exactly 0600, whatever the umask
    if (error == 0) error = writeAllOf(fd, text);
    if (error == 0 && ::fsync(fd) != 0) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error == 0 && ::rename(temporary.c_str(), file.c_str()) != 0) error = errno;
    if (error != 0) {
        ::unlink(temporary.c_str());
        return ticketSystemFailure("write", file, error);
    }
    if (const int folderError = detail::syncFolder(file.parent_path()); folderError != 0) {
        return ticketSystemFailure("write", file, folderError, "the folder could not be synced: ");
    }
    return {};
}

LoadedTicket loadTicket(const std::filesystem::path& file) {
    LoadedTicket loaded;
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) {
            loaded.missing = true;
        } else {
            cannotRead(loaded, file, errno);
        }
        return loaded;
    }
    std::string text;
    struct stat status {};
    if (::fstat(fd, &status) != 0) {
        cannotRead(loaded, file, errno);
    } else if (!S_ISREG(status.st_mode)) {
        notATicket(loaded, file, "it is not a file");
    } else if (status.st_size > kMaxTicketBytes) {
        notATicket(loaded, file, "it is too large to be a ticket");
    } else {
        std::array<char, 1024> buffer{};
        while (text.size() <= static_cast<std::size_t>(kMaxTicketBytes)) {
            const ssize_t got = ::read(fd, buffer.data(), buffer.size());
            if (got < 0) {
                if (errno == EINTR) continue;
                cannotRead(loaded, file, errno);
                break;
            }
            if (got == 0) break;
            text.append(buffer.data(), static_cast<std::size_t>(got));
        }
        if (loaded.error.empty() && text.size() > static_cast<std::size_t>(kMaxTicketBytes)) {
            notATicket(loaded, file, "it is too large to be a ticket");
        }
    }
    ::close(fd);
    if (!loaded.error.empty()) return loaded;

    auto parsed = parseTicketText(text);
    if (!parsed.ticket) {
        notATicket(loaded, file, parsed.error);
        return loaded;
    }
    loaded.ticket = std::move(parsed.ticket);
    return loaded;
}

FileFailure removeTicket(const std::filesystem::path& file) {
    std::filesystem::path temporary = file;
    temporary += ".tmp";
    ::unlink(temporary.c_str()); // a leftover of an unfinished save, if any
    if (::unlink(file.c_str()) != 0 && errno != ENOENT) return ticketSystemFailure("remove", file, errno);
    return {};
}

} // namespace speed::store
