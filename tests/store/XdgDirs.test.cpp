#include "speed/store/XdgDirs.hpp"

#include "store/StoreTempDir.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace speed::store;
namespace fs = std::filesystem;

namespace {

EnvLookup xdgEnvOf(std::map<std::string, std::string> variables) {
    return [variables = std::move(variables)](std::string_view name) -> std::optional<std::string> {
        const auto found = variables.find(std::string(name));
        if (found == variables.end()) return std::nullopt;
        return found->second;
    };
}

unsigned xdgModeOf(const fs::path& path) {
    struct stat status {};
    REQUIRE(::stat(path.c_str(), &status) == 0);
    return status.st_mode & 07777;
}

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value != nullptr) {
            ::setenv(name, value, 1);
        } else {
            ::unsetenv(name);
        }
    }
    ~ScopedEnv() {
        if (m_old) {
            ::setenv(m_name, m_old->c_str(), 1);
        } else {
            ::unsetenv(m_name);
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

} // namespace

TEST_CASE("the state and data folders follow XDG_STATE_HOME and XDG_DATA_HOME", "[store]") {
    const auto env = xdgEnvOf({{"XDG_STATE_HOME", "/x/state"}, {"XDG_DATA_HOME", "/x/data"}, {"HOME", "/home/hana"}});
    CHECK(stateDir(env) == fs::path("/x/state/speed"));
    CHECK(dataDir(env) == fs::path("/x/data/speed"));
}

TEST_CASE("without an absolute XDG folder, the folders are under HOME", "[store]") {
    for (const auto& xdg : {std::optional<std::string>{}, std::optional<std::string>{""},
                            std::optional<std::string>{"relative/state"}}) {
        std::map<std::string, std::string> variables{{"HOME", "/home/hana"}};
        if (xdg) {
            variables["XDG_STATE_HOME"] = *xdg;
            variables["XDG_DATA_HOME"] = *xdg;
        }
        const auto env = xdgEnvOf(variables);
        CHECK(stateDir(env) == fs::path("/home/hana/.local/state/speed"));
        CHECK(dataDir(env) == fs::path("/home/hana/.local/share/speed"));
    }
}

TEST_CASE("the cache folder follows XDG_CACHE_HOME, else HOME/.cache", "[store]") {
    CHECK(cacheDir(xdgEnvOf({{"XDG_CACHE_HOME", "/x/cache"}, {"HOME", "/home/hana"}})) == fs::path("/x/cache/speed"));
    CHECK(cacheDir(xdgEnvOf({{"XDG_CACHE_HOME", "rel"}, {"HOME", "/home/hana"}})) == fs::path("/home/hana/.cache/speed"));
    CHECK(cacheDir(xdgEnvOf({})).empty());
}

TEST_CASE("shared data is looked up in the user's data folder, then XDG_DATA_DIRS or its default", "[store]") {
    CHECK(dataSearchDirs(xdgEnvOf({{"HOME", "/home/hana"}})) ==
          std::vector<fs::path>{"/home/hana/.local/share", "/usr/local/share", "/usr/share"});
    // Relative and repeated entries are left out; the order is kept.
    CHECK(dataSearchDirs(xdgEnvOf({{"XDG_DATA_HOME", "/d/home"}, {"XDG_DATA_DIRS", "/opt/share:rel/share::/usr/share/:/opt/share"}})) ==
          std::vector<fs::path>{"/d/home", "/opt/share", "/usr/share"});
    CHECK(dataSearchDirs(xdgEnvOf({{"XDG_DATA_DIRS", "/only"}})) == std::vector<fs::path>{"/only"});
}

TEST_CASE("without HOME (or with a relative one) no folder is known, and ensureDir says so", "[store]") {
    CHECK(stateDir(xdgEnvOf({})).empty());
    CHECK(dataDir(xdgEnvOf({{"HOME", "hana"}})).empty());
    const auto error = ensureDir(stateDir(xdgEnvOf({})), "state folder");
    CHECK_THAT(error.error, Catch::Contains("cannot create the state folder") && Catch::Contains("HOME"));
}

TEST_CASE("by default the folders come from the process's environment", "[store]") {
    const ScopedEnv state("XDG_STATE_HOME", "/tmp/speed-xdg-state");
    const ScopedEnv data("XDG_DATA_HOME", nullptr);
    const ScopedEnv home("HOME", "/tmp/speed-xdg-home");
    CHECK(stateDir() == fs::path("/tmp/speed-xdg-state/speed"));
    CHECK(dataDir() == fs::path("/tmp/speed-xdg-home/.local/share/speed"));
}

TEST_CASE("ensureDir makes the folder and its parents, 0700, and accepts one already there", "[store]") {
    const speed::store::test::TempDir temp;
    const auto dir = temp / "state/deeper/speed";
    const mode_t oldMask = ::umask(0277); // a umask that would leave the folder unusable
    const auto error = ensureDir(dir, "state folder");
    ::umask(oldMask);
    REQUIRE(error.empty());
    CHECK(fs::is_directory(dir));
    CHECK(xdgModeOf(dir) == 0700);
    CHECK((xdgModeOf(temp / "state") & 0077) == 0); // new parents are the user's only, too
    CHECK(ensureDir(dir, "state folder").empty());
    CHECK(ensureDir(fs::path(dir.string() + "/"), "state folder").empty());
}

TEST_CASE("ensureDir leaves a folder that is already there as it is", "[store]") {
    const speed::store::test::TempDir temp;
    const auto dir = temp / "shared";
    REQUIRE(::mkdir(dir.c_str(), 0755) == 0);
    REQUIRE(::chmod(dir.c_str(), 0755) == 0);
    CHECK(ensureDir(dir).empty());
    CHECK(xdgModeOf(dir) == 0755);
}

TEST_CASE("ensureDir says which folder it cannot make, and why", "[store]") {
    const speed::store::test::TempDir temp;
    speed::store::test::writeWholeFile(temp / "file", "not a folder");
    const auto under = temp / "file/speed";
    const auto error = ensureDir(under, "state folder");
    CHECK_THAT(error.error, Catch::StartsWith("cannot create the state folder " + under.string() + ": ") &&
                          Catch::Contains((temp / "file").string() + " is not a folder"));
    CHECK_THAT(ensureDir(temp / "file", "data folder").error, Catch::Contains("is not a folder"));

    if (::geteuid() != 0) { // root may write anywhere
        const auto locked = temp / "locked";
        REQUIRE(::mkdir(locked.c_str(), 0500) == 0);
        const FileFailure failed = ensureDir(locked / "speed", "state folder");
        CHECK(failed.error == "cannot create the state folder " + (locked / "speed").string() + ": Permission denied");
        CHECK(failed.systemText == "Permission denied");
    }
}
