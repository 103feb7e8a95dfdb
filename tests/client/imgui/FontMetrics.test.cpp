// The em of a face against the height ImGui sizes it by, read from the font files the build
// installs (fonts-dejavu-core, fonts-noto-cjk), and the merged face's size.
#include "speed/imgui/FontMetrics.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using speed::ui::emShareOfHeight;
using speed::ui::mergedSizePx;

TEST_CASE("font metrics: the em share of a TrueType face and of a collection's first face", "[imgui]") {
    const auto dejavu = emShareOfHeight("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    REQUIRE(dejavu);
    CHECK(*dejavu == Approx(2048.0 / (1901 + 483))); // unitsPerEm / (hhea ascent - descent)
    const std::string noto = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
    if (std::filesystem::exists(noto)) {
        const auto share = emShareOfHeight(noto);
        REQUIRE(share);
        CHECK(*share == Approx(1000.0 / (1160 + 288)));
        // Merged into DejaVu Sans at 15 px, Noto is asked for at about 18.7 px: the same em.
        CHECK(mergedSizePx(15, dejavu, share) == Approx(15 * *dejavu / *share));
        CHECK(mergedSizePx(15, dejavu, share) > 18);
    }
}

TEST_CASE("font metrics: no share for a file that is missing or not a font; the size stays", "[imgui]") {
    CHECK_FALSE(emShareOfHeight("/nonexistent/font.ttf"));
    const auto path = std::filesystem::temp_directory_path() / "speed-not-a-font.ttf";
    std::ofstream(path) << "this is not a font file, only some words long enough to be read";
    CHECK_FALSE(emShareOfHeight(path.string()));
    std::filesystem::remove(path);
    CHECK(mergedSizePx(15, std::nullopt, 0.69f) == 15);
    CHECK(mergedSizePx(15, 0.86f, std::nullopt) == 15);
    CHECK(mergedSizePx(15, 0.86f, 0.86f) == 15);
}
