#pragma once

// Runs a piece of a test where file permissions apply: as this user when it is not root, else in
// a child process that has become the user `nobody` (root may read and write anything, so a
// folder made 000 means nothing to it). The piece returns a text the test then checks; it must
// not use Catch's assertions (in a child they would report nowhere).
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include <grp.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace speed::store::test {

struct OtherUser {
    uid_t uid = 0;
    gid_t gid = 0;
};

// The user the pieces run as when this test runs as root: nobody; nothing when there is none.
inline std::optional<OtherUser> unprivilegedUser() {
    if (::geteuid() != 0) return std::nullopt;
    const passwd* nobody = ::getpwnam("nobody");
    if (nobody == nullptr) return std::nullopt;
    return OtherUser{nobody->pw_uid, nobody->pw_gid};
}

// Lets the user that runs the pieces own `path` (root's test folders are root's).
inline void handOver(const std::filesystem::path& path) {
    if (const auto user = unprivilegedUser()) REQUIRE(::chown(path.c_str(), user->uid, user->gid) == 0);
}

// `piece`'s text, run where permissions apply; nothing (with a warning) when that cannot be
// arranged: root without a user `nobody`.
inline std::optional<std::string> whereFilesAreGuarded(const std::function<std::string()>& piece) {
    if (::geteuid() != 0) return piece();
    const auto user = unprivilegedUser();
    if (!user) {
        WARN("skipped: running as root and there is no user nobody to run as");
        return std::nullopt;
    }
    std::array<int, 2> pipe{};
    REQUIRE(::pipe(pipe.data()) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(pipe[0]);
        if (::setgroups(0, nullptr) != 0 || ::setgid(user->gid) != 0 || ::setuid(user->uid) != 0) ::_exit(3);
        const std::string text = piece();
        const bool written = ::write(pipe[1], text.data(), text.size()) == static_cast<ssize_t>(text.size());
        ::_exit(written ? 0 : 4);
    }
    ::close(pipe[1]);
    std::string text;
    std::array<char, 4096> buffer{};
    for (ssize_t got = 0; (got = ::read(pipe[0], buffer.data(), buffer.size())) > 0;) {
        text.append(buffer.data(), static_cast<std::size_t>(got));
    }
    ::close(pipe[0]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    if (WIFSIGNALED(status)) return "the piece ended by signal " + std::to_string(WTERMSIG(status)) + ": " + text;
    if (WEXITSTATUS(status) != 0) return "the piece ended with code " + std::to_string(WEXITSTATUS(status));
    return text;
}

} // namespace speed::store::test
