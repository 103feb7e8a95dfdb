// Which language the window speaks for setup.ini's choice, the locale and the fonts at hand.
#include "app/WindowLanguage.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("auto follows the locale; ja and en are what they say") {
    CHECK(windowLanguage(UiLanguage::Auto, Language::Japanese, true) == Language::Japanese);
    CHECK(windowLanguage(UiLanguage::Auto, Language::English, true) == Language::English);
    CHECK(windowLanguage(UiLanguage::Japanese, Language::English, true) == Language::Japanese);
    CHECK(windowLanguage(UiLanguage::English, Language::Japanese, true) == Language::English);
}

TEST_CASE("without the Japanese font the window speaks English, and knows Japanese was wanted") {
    CHECK(windowLanguage(UiLanguage::Japanese, Language::English, false) == Language::English);
    CHECK(windowLanguage(UiLanguage::Auto, Language::Japanese, false) == Language::English);
    CHECK(wantsJapanese(UiLanguage::Japanese, Language::English));
    CHECK(wantsJapanese(UiLanguage::Auto, Language::Japanese));
    CHECK_FALSE(wantsJapanese(UiLanguage::Auto, Language::English));
    CHECK_FALSE(wantsJapanese(UiLanguage::English, Language::Japanese));
}
