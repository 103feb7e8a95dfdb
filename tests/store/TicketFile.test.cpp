#include "speed/store/TicketFile.hpp"

#include "store/StoreTempDir.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

using namespace speed;
using namespace speed::store;
using speed::store::test::readWholeFile;
using speed::store::test::TempDir;
using speed::store::test::writeWholeFile;
namespace fs = std::filesystem;

namespace {

protocol::ResumeTicket sampleTicket() {
    protocol::ResumeTicket ticket;
    ticket.host = "127.0.0.1:50001";
    ticket.clientNonce = 0x0123456789abcdefULL;
    ticket.hostNonce = 0xfedcba9876543210ULL;
    ticket.hostName = "hana";
    ticket.game = 3;
    return ticket;
}

const std::string kSampleText = "version 1\n"
                                "host 127.0.0.1:50001\n"
                                "client_nonce 0123456789abcdef\n"
                                "host_nonce fedcba9876543210\n"
                                "host_name hana\n"
                                "game 3\n";

unsigned ticketModeOf(const fs::path& path) {
    struct stat status {};
    REQUIRE(::stat(path.c_str(), &status) == 0);
    return status.st_mode & 07777;
}

} // namespace

TEST_CASE("a ticket's file name is the host's address made safe for a file name", "[store]") {
    CHECK(filenameSafe("127.0.0.1:50001") == "127.0.0.1_50001");
    CHECK(filenameSafe("[::1]:50001") == "__1_50001");
    CHECK(filenameSafe("[fe80::1%eth0]:50001") == "fe80__1_eth0_50001");
    CHECK(filenameSafe("../../etc/passwd") == ".._.._etc_passwd");
    CHECK(filenameSafe("host name\n:1") == "host_name__1");
    CHECK(ticketPath("/state/speed", "127.0.0.1:50001") == fs::path("/state/speed/join-127.0.0.1_50001.ticket"));
    CHECK(ticketPath("/state/speed", "[::1]:50001") == fs::path("/state/speed/join-__1_50001.ticket"));
}

TEST_CASE("a ticket is saved as lines of text and read back the same", "[store]") {
    const TempDir temp;
    const auto file = ticketPath(temp.path(), "127.0.0.1:50001");
    REQUIRE(saveTicket(file, sampleTicket()).empty());
    CHECK(readWholeFile(file) == kSampleText);
    const auto loaded = loadTicket(file);
    CHECK(loaded.error.empty());
    CHECK_FALSE(loaded.missing);
    REQUIRE(loaded.ticket);
    CHECK(*loaded.ticket == sampleTicket());
    CHECK_FALSE(fs::exists(fs::path(file.string() + ".tmp")));
}

TEST_CASE("a saved ticket replaces the old one and extreme values read back", "[store]") {
    const TempDir temp;
    const auto file = temp / "join-x.ticket";
    REQUIRE(saveTicket(file, sampleTicket()).empty());
    protocol::ResumeTicket other;
    other.host = "[::1]:50001";
    other.clientNonce = 0;
    other.hostNonce = ~0ULL;
    other.hostName = "";
    other.game = 4294967295U;
    REQUIRE(saveTicket(file, other).empty());
    const auto loaded = loadTicket(file);
    REQUIRE(loaded.ticket);
    CHECK(*loaded.ticket == other);
}

TEST_CASE("a ticket file is the user's only (0600), whatever the umask, even over a stale .tmp", "[store]") {
    const TempDir temp;
    const auto file = temp / "join-x.ticket";
    writeWholeFile(fs::path(file.string() + ".tmp"), "half a ticket from a crash");
    REQUIRE(::chmod((file.string() + ".tmp").c_str(), 0644) == 0);
    const mode_t oldMask = ::umask(0);
    const auto error = saveTicket(file, sampleTicket());
    ::umask(oldMask);
    REQUIRE(error.empty());
    CHECK(ticketModeOf(file) == 0600);
    CHECK(readWholeFile(file) == kSampleText);
    CHECK_FALSE(fs::exists(fs::path(file.string() + ".tmp")));
}

TEST_CASE("no ticket file is no ticket, and not an error", "[store]") {
    const TempDir temp;
    const auto loaded = loadTicket(temp / "join-nobody.ticket");
    CHECK(loaded.missing);
    CHECK(loaded.error.empty());
    CHECK_FALSE(loaded.ticket);
}

TEST_CASE("a garbled ticket is an error that names the file and the line", "[store]") {
    const TempDir temp;
    const auto file = temp / "join-x.ticket";
    const auto replaceLine = [](std::size_t number, const std::string& line) {
        std::string text = kSampleText;
        std::size_t start = 0;
        for (std::size_t i = 1; i < number; ++i) start = text.find('\n', start) + 1;
        const auto end = text.find('\n', start);
        return text.replace(start, end - start, line);
    };
    const std::vector<std::pair<std::string, std::string>> cases{
        {replaceLine(3, "client_nonce 0123"), "line 3: client_nonce must be 16 hex digits"},
        {replaceLine(3, "client_nonce 0123456789ABCDEFG"), "line 3: client_nonce must be 16 hex digits"},
        {replaceLine(4, "host_nonce"), "line 4: host_nonce must be 16 hex digits"},
        {replaceLine(1, "version 2"), "line 1: version \"2\" is not one this program reads"},
        {replaceLine(1, "hello"), "line 1: a ticket starts with \"version 1\""},
        {replaceLine(2, "host "), "line 2: host must not be empty"},
        {replaceLine(6, "game -1"), "line 6: game must be a number"},
        {replaceLine(6, "game +1"), "line 6: game must be a number"},
        {replaceLine(6, "game 4294967296"), "line 6: game must be a number"},
        {replaceLine(6, "game 3 "), "line 6: game must be a number"},
        {replaceLine(5, "host 10.0.0.1:1"), "line 5: a second host line"},
        {replaceLine(5, "colour red"), "line 5: unknown key \"colour\""},
        {replaceLine(5, ""), "line 5: an empty line"},
        {"version 1\nhost a:1\n", "no client_nonce line"},
        {"", "the file is empty"},
        {std::string("version 1\n\0\xff\x01garbage", 20), "line 2: unknown key \"???garbage\""},
        {std::string(5000, 'x'), "too large to be a ticket"},
    };
    for (const auto& [text, reason] : cases) {
        INFO(text);
        writeWholeFile(file, text);
        const auto loaded = loadTicket(file);
        CHECK_FALSE(loaded.ticket);
        CHECK_FALSE(loaded.missing);
        CHECK(loaded.error.find("cannot read the ticket " + file.string() + ": ") == 0);
        CHECK_THAT(loaded.error, Catch::Contains(reason));
    }
}

TEST_CASE("a ticket saved where no folder is, or with a line break in it, is refused", "[store]") {
    const TempDir temp;
    const auto file = temp / "no-such-folder/join-x.ticket";
    const FileFailure failed = saveTicket(file, sampleTicket());
    CHECK(failed.error == "cannot write the ticket " + file.string() + ": No such file or directory");
    CHECK(failed.systemText == "No such file or directory"); // the window shows the system's words

    auto broken = sampleTicket();
    broken.hostName = "hana\ngame 7";
    CHECK_THAT(saveTicket(temp / "join-y.ticket", broken).error, Catch::Contains("line break"));
    CHECK_FALSE(fs::exists(temp / "join-y.ticket"));
    CHECK_THAT(loadTicket(temp.path()).error, Catch::Contains("it is not a file"));
}

TEST_CASE("a removed ticket is missing, and removing a missing one is fine", "[store]") {
    const TempDir temp;
    const auto file = temp / "join-x.ticket";
    REQUIRE(saveTicket(file, sampleTicket()).empty());
    CHECK(removeTicket(file).empty());
    CHECK(loadTicket(file).missing);
    CHECK(removeTicket(file).empty());
    const FileFailure failed = removeTicket(temp.path());
    CHECK_THAT(failed.error, Catch::Contains("cannot remove the ticket"));
    CHECK(failed.systemText == "Is a directory");
}
