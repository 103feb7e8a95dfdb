// Which files the window draws its words with: the order of the faces it prefers, the flags that
// win, what it says when a face is missing, and the machine's fontconfig answering as asked.
#include "app/FontLookup.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <utility>

using namespace speed::client;

namespace {

// A machine with the faces given: "family" or "family/bold" -> file, ":ja" -> its Japanese face.
FaceLookup machineWith(std::map<std::string, std::string> files) {
    return [files = std::move(files)](const FaceQuery& query) -> std::optional<FoundFace> {
        const std::string key = query.family.empty() ? ":" + query.language : query.family + (query.bold ? "/bold" : "");
        const auto found = files.find(key);
        if (found == files.end()) return std::nullopt;
        const std::string family = query.family.empty() ? found->second.substr(0, found->second.find('.')) : query.family;
        return FoundFace{found->second, family};
    };
}

} // namespace

TEST_CASE("fonts: Noto Sans CJK JP and its bold first, DejaVu Sans for the Latin words") {
    const FontChoice choice = chooseFonts({}, {}, machineWith({{"DejaVu Sans", "dv.ttf"}, {"DejaVu Sans/bold", "dvb.ttf"},
                                                               {"Noto Sans CJK JP", "noto.ttc"}, {"Noto Sans CJK JP/bold", "notob.ttc"},
                                                               {"IPAPGothic", "ipagp.ttf"}, {":ja", "ipag.ttf"}}));
    CHECK(choice.latinRegular == "dv.ttf");
    CHECK(choice.latinBold == "dvb.ttf");
    CHECK(choice.japanese == "noto.ttc");
    CHECK(choice.japaneseBold == "notob.ttc");
    CHECK(choice.missing.empty());
}

TEST_CASE("fonts: without Noto, IPAPGothic (no bold), and the missing face is said once with its package") {
    const FontChoice choice = chooseFonts({}, {}, machineWith({{"DejaVu Sans", "dv.ttf"}, {"DejaVu Sans/bold", "dvb.ttf"},
                                                               {"IPAPGothic", "ipagp.ttf"}, {":ja", "ipag.ttf"}}));
    CHECK(choice.japanese == "ipagp.ttf");
    CHECK(choice.japaneseBold.empty());
    REQUIRE(choice.missing.size() == 1);
    CHECK(choice.missing[0].wanted == "Noto Sans CJK JP");
    CHECK(choice.missing[0].package == "fonts-noto-cjk");
    CHECK(choice.missing[0].instead == "IPAPGothic");
}

TEST_CASE("fonts: else whatever the machine has for Japanese; with nothing, no Japanese face and no note") {
    const FontChoice some = chooseFonts({}, {}, machineWith({{"DejaVu Sans", "dv.ttf"}, {":ja", "Takao.ttf"}}));
    CHECK(some.japanese == "Takao.ttf");
    REQUIRE(some.missing.size() == 1);
    CHECK(some.missing[0].instead == "Takao");
    CHECK(some.latinBold.empty()); // the loader lets the regular face stand in

    const FontChoice none = chooseFonts({}, {}, machineWith({{"DejaVu Sans", "dv.ttf"}}));
    CHECK(none.japanese.empty());
    CHECK(none.missing.empty()); // the language's own fallback says it
}

TEST_CASE("fonts: without DejaVu Sans, the machine's face for English, said") {
    const FontChoice choice = chooseFonts({}, {}, machineWith({{":en", "Liberation.ttf"}, {"Noto Sans CJK JP", "noto.ttc"}}));
    CHECK(choice.latinRegular == "Liberation.ttf");
    REQUIRE(choice.missing.size() == 1);
    CHECK(choice.missing[0].wanted == "DejaVu Sans");
    CHECK(choice.missing[0].package == "fonts-dejavu-core");
}

TEST_CASE("fonts: --font-dir and --japanese-font win over fontconfig") {
    const FontChoice choice = chooseFonts("/fonts", "/mine/ja.otf", machineWith({{"DejaVu Sans", "dv.ttf"}, {"Noto Sans CJK JP", "noto.ttc"}}));
    CHECK(choice.latinRegular == "/fonts/DejaVuSans.ttf");
    CHECK(choice.latinBold == "/fonts/DejaVuSans-Bold.ttf");
    CHECK(choice.japanese == "/mine/ja.otf");
    CHECK(choice.japaneseBold.empty());
    CHECK(choice.missing.empty());
}

// The machine's own fonts: DejaVu Sans (fonts-dejavu-core) is one of the packages the build
// installs; a family nobody has is not answered with fontconfig's nearest face.
TEST_CASE("fontconfig: a family it has, by name and weight; a family it lacks, nothing") {
    const auto regular = fontconfigLookup({"DejaVu Sans", {}, false});
    REQUIRE(regular);
    CHECK(regular->path.find("DejaVuSans.ttf") != std::string::npos);
    CHECK(regular->family == "DejaVu Sans");
    const auto bold = fontconfigLookup({"DejaVu Sans", {}, true});
    REQUIRE(bold);
    CHECK(bold->path.find("DejaVuSans-Bold.ttf") != std::string::npos);
    CHECK_FALSE(fontconfigLookup({"No Such Family Of Faces", {}, false}));
    // IPAPGothic (fonts-ipafont-gothic) has one weight: no bold face stands in for it.
    if (fontconfigLookup({"IPAPGothic", {}, false})) CHECK_FALSE(fontconfigLookup({"IPAPGothic", {}, true}));
    if (const auto japanese = fontconfigLookup({{}, "ja", false})) CHECK_FALSE(japanese->family.empty());
}
