#include "app/TutorialMark.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <unistd.h>

using namespace speed::client;
namespace fs = std::filesystem;

TEST_CASE("tutorial mark: kept in the state folder, and only once written", "[tutorial]") {
    const fs::path root = fs::temp_directory_path() / ("speed-tutorial-mark-" + std::to_string(::getpid()));
    fs::remove_all(root);
    const auto env = [&root](std::string_view name) -> std::optional<std::string> {
        if (name == "XDG_STATE_HOME") return (root / "state").string();
        if (name == "HOME") return root.string();
        return std::nullopt;
    };
    const fs::path mark = tutorialMarkPath(env);
    CHECK(mark == root / "state" / "speed" / "tutorial-done");
    CHECK_FALSE(tutorialDone(mark));
    REQUIRE(markTutorialDone(mark)); // the folders are made on the way
    CHECK(tutorialDone(mark));
    CHECK((fs::status(mark.parent_path()).permissions() & fs::perms::all) == fs::perms::owner_all);
    // No absolute HOME and no state folder: nothing to keep it in, and nothing is pretended.
    const fs::path nowhere = tutorialMarkPath([](std::string_view) -> std::optional<std::string> { return std::nullopt; });
    CHECK(nowhere.empty());
    CHECK_FALSE(markTutorialDone(nowhere));
    CHECK_FALSE(tutorialDone(nowhere));
    fs::remove_all(root);
}
