#include "deck/DeckCache.hpp"
#include "deck/DeckLoader.hpp"
#include "deck/DeckRaster.hpp"

#include "DeckFixtures.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <thread>

using namespace speed;
using namespace speed::client::deck;
using namespace speed::client::deck::test;

namespace {

std::array<int, 4> pixelAt(const DeckImage& image, AtlasCell cell) {
    const PixelRect rect = image.rectOf(cell);
    const std::size_t x = static_cast<std::size_t>(rect.left + rect.width / 2);
    const std::size_t y = static_cast<std::size_t>(rect.top + rect.height / 2);
    const std::size_t at = (y * static_cast<std::size_t>(image.atlasWidth()) + x) * 4;
    return {image.rgba[at], image.rgba[at + 1], image.rgba[at + 2], image.rgba[at + 3]};
}

std::array<int, 4> colourOf(int column, int row) { return {10 * column + 5, 40 * row + 5, 200, 255}; }

DeckInfo writtenDeck(const TempFolder& folder, DeckFamily family, const std::string& svg) {
    const std::filesystem::path file = folder.path() / (family == DeckFamily::Kde ? "kde.svg" : "grid.svg");
    writeFile(file, svg);
    return DeckInfo{family == DeckFamily::Kde ? "Kde Test" : "Grid Test", {}, file, family, false};
}

const Card kJoker = Card::fromIndex(Card::kDistinctCodes - 1);

} // namespace

TEST_CASE("a card keeps its deck's shape and fits its place", "[deck]") {
    const PixelRect tall = fitCard(100, 140, 1.5);
    CHECK(tall.height == 140);
    CHECK(tall.width == 93);
    const PixelRect wide = fitCard(100, 160, 1.4);
    CHECK(wide.width == 100);
    CHECK(wide.height == 140);
    CHECK(fitCard(0, 0, 1.4).width == 1);
    CHECK(fitCard(50, 70, 0).width == 50); // no shape known: the place's
}

TEST_CASE("an Aisleriot grid puts each card in its cell of the atlas", "[deck]") {
    TempFolder folder;
    const DeckRender render = renderDeck(writtenDeck(folder, DeckFamily::Aisleriot, aisleriotSvg()), 60, 100);
    REQUIRE(render.error.empty());
    CHECK(render.image.missingCards().empty());
    CHECK(render.image.cardWidth == 60); // the grid's cells are 100 x 150: 60 x 90 fits 60 x 100
    CHECK(render.image.cardHeight == 90);
    CHECK(render.image.rgba.size() == render.image.byteCount());
    // Grid rows: clubs, diamonds, hearts, spades; row 4: black joker, red joker, back.
    CHECK(pixelAt(render.image, cellOf(Card::of(Suit::Club, 1))) == colourOf(0, 0));
    CHECK(pixelAt(render.image, cellOf(Card::of(Suit::Diamond, 12))) == colourOf(11, 1));
    CHECK(pixelAt(render.image, cellOf(Card::of(Suit::Heart, 7))) == colourOf(6, 2));
    CHECK(pixelAt(render.image, cellOf(Card::of(Suit::Spade, 13))) == colourOf(12, 3));
    CHECK(pixelAt(render.image, cellOf(kJoker)) == colourOf(1, 4));
    CHECK(pixelAt(render.image, backCell()) == colourOf(2, 4));
    // The gutter between cells stays clear.
    const PixelRect first = render.image.rectOf({0, 0});
    CHECK(render.image.rgba[(static_cast<std::size_t>(first.top) * static_cast<std::size_t>(render.image.atlasWidth()) + 1) * 4 + 3] == 0);
}

TEST_CASE("a KDE deck's cards are found by their elements, wherever they are drawn", "[deck]") {
    TempFolder folder;
    const DeckRender render = renderDeck(writtenDeck(folder, DeckFamily::Kde, kdeSvg(true)), 60, 100);
    REQUIRE(render.error.empty());
    CHECK(render.image.missingCards().empty());
    CHECK(render.image.cardWidth == 60); // 80 x 120 cards: 60 x 90
    CHECK(render.image.cardHeight == 90);
    for (int suit = 0; suit < 4; ++suit) {
        const Suit suits[] = {Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade};
        for (int rank = 1; rank <= 13; ++rank) {
            INFO("suit " << suit << " rank " << rank);
            CHECK(pixelAt(render.image, cellOf(Card::of(suits[suit], rank))) == colourOf(rank - 1, suit));
        }
    }
    CHECK(pixelAt(render.image, cellOf(kJoker)) == colourOf(1, 4));
    CHECK(pixelAt(render.image, backCell()) == colourOf(2, 4));
}

TEST_CASE("a KDE deck without a joker says so and leaves the joker to the game", "[deck]") {
    TempFolder folder;
    const DeckRender render = renderDeck(writtenDeck(folder, DeckFamily::Kde, kdeSvg(false)), 60, 100);
    REQUIRE(render.error.empty());
    CHECK(render.image.missingCards() == std::vector<std::string>{"joker"});
    CHECK(render.image.isMissing(cellOf(kJoker)));
    CHECK_FALSE(render.image.isMissing(backCell()));
    CHECK(pixelAt(render.image, cellOf(kJoker))[3] == 0);
}

TEST_CASE("a deck that cannot be drawn says why and draws nothing", "[deck]") {
    TempFolder folder;
    const DeckRender noFace = renderDeck(writtenDeck(folder, DeckFamily::Kde, kdeSvg(true, "queen_heart")), 60, 100);
    CHECK(noFace.image.empty());
    CHECK_THAT(noFace.error, Catch::Contains("queen_heart"));
    const DeckRender noBack = renderDeck(writtenDeck(folder, DeckFamily::Kde, kdeSvg(true, "back")), 60, 100);
    CHECK_THAT(noBack.error, Catch::Contains("back"));
    const DeckRender garbled = renderDeck(writtenDeck(folder, DeckFamily::Aisleriot, "<svg this is not"), 60, 100);
    CHECK(garbled.image.empty());
    CHECK_THAT(garbled.error, Catch::Contains("cannot read") && Catch::Contains("grid.svg"));
    CHECK(garbled.error.find('\n') == std::string::npos); // one line, for the log and the game log
    const DeckRender gone = renderDeck(DeckInfo{"Gone", {}, folder.path() / "gone.svgz", DeckFamily::Aisleriot, false}, 60, 100);
    CHECK_THAT(gone.error, Catch::Contains("gone.svgz"));
}

TEST_CASE("a drawn deck is kept and read back; a changed deck or a damaged file is drawn again", "[deck]") {
    TempFolder folder;
    const DeckInfo deck = writtenDeck(folder, DeckFamily::Kde, kdeSvg(false));
    const DeckRender render = renderDeck(deck, 60, 100);
    REQUIRE(render.error.empty());
    const DeckCache cache(folder.path() / "cache" / "cards");
    CHECK_FALSE(cache.load(deck, 60, 100));
    REQUIRE(cache.store(deck, 60, 100, render.image).empty());
    const std::optional<DeckImage> kept = cache.load(deck, 60, 100);
    REQUIRE(kept);
    CHECK(kept->rgba == render.image.rgba);
    CHECK(kept->missing == render.image.missing);
    CHECK(kept->cardWidth == render.image.cardWidth);
    CHECK_FALSE(cache.load(deck, 61, 100)); // another size: another picture

    SECTION("a file cut short is not read") {
        std::filesystem::resize_file(cache.fileFor(deck, 60, 100), 200);
        CHECK_FALSE(cache.load(deck, 60, 100));
    }
    SECTION("a file with bytes after the picture is not read") {
        std::ofstream(cache.fileFor(deck, 60, 100), std::ios::binary | std::ios::app) << "x";
        CHECK_FALSE(cache.load(deck, 60, 100));
    }
    SECTION("a changed deck is not the one kept") {
        writeFile(deck.file, kdeSvg(true) + " ");
        CHECK_FALSE(cache.load(deck, 60, 100));
    }
}

TEST_CASE("a cache that cannot be written says why and loses nothing else", "[deck]") {
    TempFolder folder;
    const DeckInfo deck = writtenDeck(folder, DeckFamily::Aisleriot, aisleriotSvg());
    const DeckRender render = renderDeck(deck, 30, 50);
    REQUIRE(render.error.empty());
    writeFile(folder.path() / "file", "a file where the folder should be");
    CHECK_THAT(DeckCache(folder.path() / "file" / "cards").store(deck, 30, 50, render.image), Catch::Contains("cannot create"));
    CHECK_THAT(DeckCache({}).store(deck, 30, 50, render.image), Catch::Contains("no cache folder"));
    CHECK_FALSE(DeckCache({}).load(deck, 30, 50));
}

TEST_CASE("the cache stays within its budget, the least recently used going first", "[deck]") {
    TempFolder folder;
    const DeckInfo deck = writtenDeck(folder, DeckFamily::Aisleriot, aisleriotSvg());
    const DeckRender render = renderDeck(deck, 30, 50);
    REQUIRE(render.error.empty());
    const std::uintmax_t one = render.image.byteCount();
    const DeckCache cache(folder.path() / "cards", one * 2 + one / 2); // room for two
    const auto now = std::filesystem::file_time_type::clock::now();
    REQUIRE(cache.store(deck, 30, 50, render.image).empty());
    std::filesystem::last_write_time(cache.fileFor(deck, 30, 50), now - std::chrono::hours(2));
    REQUIRE(cache.store(deck, 31, 50, render.image).empty());
    std::filesystem::last_write_time(cache.fileFor(deck, 31, 50), now - std::chrono::hours(1));
    REQUIRE(cache.store(deck, 32, 50, render.image).empty());
    CHECK_FALSE(std::filesystem::exists(cache.fileFor(deck, 30, 50)));
    CHECK(std::filesystem::exists(cache.fileFor(deck, 31, 50)));
    CHECK(std::filesystem::exists(cache.fileFor(deck, 32, 50)));
}

TEST_CASE("the loader draws on its own thread, keeps the result, and the next one reads it", "[deck]") {
    TempFolder folder;
    const DeckInfo deck = writtenDeck(folder, DeckFamily::Aisleriot, aisleriotSvg());
    const auto waitFor = [](DeckLoader& loader) {
        // A generous ceiling: the wait ends when the result is there.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (std::chrono::steady_clock::now() < deadline) {
            if (std::optional<DeckLoader::Result> result = loader.take()) return result;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return std::optional<DeckLoader::Result>{};
    };
    {
        DeckLoader loader(DeckCache(folder.path() / "cards"));
        loader.request({deck, 40, 70});
        const std::optional<DeckLoader::Result> first = waitFor(loader);
        REQUIRE(first);
        CHECK_FALSE(first->fromCache);
        CHECK(first->render.error.empty());
        CHECK(first->cacheProblem.empty());
        CHECK(first->render.image.cardWidth == 40);
        loader.request({deck, 40, 70}); // what it drew last: nothing to do
        CHECK_FALSE(loader.busy());
    }
    DeckLoader again(DeckCache(folder.path() / "cards"));
    again.request({deck, 40, 70});
    const std::optional<DeckLoader::Result> second = waitFor(again);
    REQUIRE(second);
    CHECK(second->fromCache);
    CHECK(second->render.image.cardHeight == 60);
}

TEST_CASE("one card's pixels come out of the atlas whole, for another deck's back", "[deck]") {
    TempFolder folder;
    const DeckRender render = renderDeck(writtenDeck(folder, DeckFamily::Aisleriot, aisleriotSvg()), 30, 50);
    REQUIRE(render.error.empty());
    const std::vector<std::uint8_t> back = render.image.cardPixels(backCell());
    REQUIRE(back.size() == static_cast<std::size_t>(render.image.cardWidth * render.image.cardHeight * 4));
    const std::size_t middle = (static_cast<std::size_t>(render.image.cardHeight / 2) * static_cast<std::size_t>(render.image.cardWidth) +
                                static_cast<std::size_t>(render.image.cardWidth / 2)) * 4;
    CHECK(std::array<int, 4>{back[middle], back[middle + 1], back[middle + 2], back[middle + 3]} == colourOf(2, 4));
}

TEST_CASE("an SVG picture is drawn at the size asked, transparent where it draws nothing", "[deck]") {
    const std::string svg = R"(<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">)"
                            R"(<rect x="0" y="0" width="5" height="10" fill="#ff0000"/></svg>)";
    const SvgPicture picture = drawSvg(svg, 32, 32);
    REQUIRE(picture.error.empty());
    REQUIRE(picture.width == 32);
    REQUIRE(picture.height == 32);
    REQUIRE(picture.rgba.size() == 32u * 32u * 4u);
    const auto at = [&](int x, int y) {
        const std::size_t i = (static_cast<std::size_t>(y) * 32 + static_cast<std::size_t>(x)) * 4;
        return std::array<int, 4>{picture.rgba[i], picture.rgba[i + 1], picture.rgba[i + 2], picture.rgba[i + 3]};
    };
    CHECK(at(4, 16) == std::array<int, 4>{255, 0, 0, 255}); // the left half, at the size asked
    CHECK(at(28, 16)[3] == 0);                               // nothing drawn on the right

    const SvgPicture broken = drawSvg("<svg", 16, 16);
    CHECK(broken.rgba.empty());
    CHECK_FALSE(broken.error.empty());
}
