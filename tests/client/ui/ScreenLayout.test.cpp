// Every bar, dialog and panel of the window, at every window size from 800x600 to 3840x2160 and
// every UI scale from 0.5 to 2, in English and in Japanese, measured with the faces the window
// finds on this machine (fontconfig, as the window looks them up): the dialogs and the start
// screen stay between the menu bar and the status bar, the result panel stays on the felt under
// the banner, the lesson's panel keeps clear of every card, nothing is cut at a panel's right
// edge, and no word is drawn under 11 px. A bare ImGui context (no window, no GL): the panels
// are drawn by their own code, as the overlay draws them.
#include "ui/ImGuiText.hpp"
#include "ui/ResultPanel.hpp"
#include "ui/StartScreen.hpp"
#include "ui/TutorialPanel.hpp"
#include "ui/UiOverlay.hpp"

#include "app/FontLookup.hpp"
#include "table/LevelWords.hpp"
#include "table/Layout.hpp"
#include "table/UiScale.hpp"
#include "text/Words.hpp"

#include "speed/common/Bot.hpp"
#include "speed/imgui/ImGuiSfml.hpp"

#include <catch2/catch.hpp>
#include <imgui.h>
#include <imgui_internal.h>

#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <utility>

using namespace speed;
using namespace speed::client;
using namespace speed::client::ui;

namespace {

// The window's faces, looked up once; the atlas of each size, built once and shared by the
// contexts that draw at that size.
class WindowFonts {
public:
    WindowFonts() {
        const FontChoice choice = chooseFonts("", "", fontconfigLookup);
        m_fonts.latin = choice.latinRegular;
        m_fonts.japanese = choice.japanese;
        for (const Words& entry : allWords()) m_fonts.japaneseText += entry.ja;
    }

    const speed::ui::ImGuiFonts& faces() const { return m_fonts; }

    ImFontAtlas& atlas(float fontPx) {
        auto& slot = m_atlases[fontPx];
        if (!slot) {
            slot = std::make_unique<ImFontAtlas>();
            m_added = speed::ui::addFonts(*slot, m_fonts, fontPx, m_ranges);
            slot->Build();
        }
        return *slot;
    }
    const speed::ui::FontsAdded& added() const { return m_added; }

private:
    speed::ui::ImGuiFonts m_fonts;
    std::vector<unsigned short> m_ranges;
    std::map<float, std::unique_ptr<ImFontAtlas>> m_atlases;
    speed::ui::FontsAdded m_added;
};

WindowFonts& windowFonts() {
    static WindowFonts fonts;
    return fonts;
}

struct BareImGui {
    explicit BareImGui(ImFontAtlas& atlas) : context(ImGui::CreateContext(&atlas)) { ImGui::GetIO().IniFilename = nullptr; }
    ~BareImGui() { ImGui::DestroyContext(context); }
    BareImGui(const BareImGui&) = delete;
    BareImGui& operator=(const BareImGui&) = delete;
    ImGuiContext* context;
};

struct Box {
    float left = 0, top = 0, width = 0, height = 0;
    float right() const { return left + width; }
    float bottom() const { return top + height; }
};

// Where the window named `name` was drawn last, and whether its contents are wider than its room
// (a word cut at its right edge).
struct Drawn {
    Box box;
    bool cutAtRight = false;
};

Drawn drawnWindow(const char* name) {
    Drawn drawn;
    const ImGuiWindow* window = ImGui::FindWindowByName(name);
    REQUIRE(window != nullptr);
    drawn.box = {window->Pos.x, window->Pos.y, window->Size.x, window->Size.y};
    const float room = window->Size.x - 2 * window->WindowPadding.x - (window->ScrollbarY ? window->ScrollbarSizes.x : 0);
    drawn.cutAtRight = window->ContentSize.x > room + 1;
    return drawn;
}

// Draws what `draw` draws over a few frames (ImGui sizes a window that appears over two, and
// the result panel places itself by its size of the frame before).
template <typename Draw>
void frames(ImVec2 display, Draw&& draw) {
    for (int frame = 0; frame < 4; ++frame) {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = display;
        io.DeltaTime = 1.0f / 25;
        ImGui::NewFrame();
        draw();
        ImGui::EndFrame();
    }
}

bool overlaps(const Box& a, const Rect& b) {
    return a.left < b.right() - 0.5f && b.left < a.right() - 0.5f && a.top < b.bottom() - 0.5f && b.top < a.bottom() - 0.5f;
}

// The cards of a table a panel must keep clear of: the field piles, the opponent's deck and hand,
// and the player's (seat 0) while the player has cards (the lesson ends when they have none).
std::vector<Rect> cardsOf(const TableLayout& layout, bool playersCards) {
    std::vector<Rect> cards(layout.pile.begin(), layout.pile.end());
    for (std::size_t seat = 0; seat < kSeats; ++seat) {
        if (seat == 0 && !playersCards) continue;
        cards.push_back(layout.deck[seat]);
        for (const Rect& slot : layout.hand[seat]) cards.push_back(slot);
    }
    return cards;
}

ResultModel longestResult() {
    ResultFacts facts;
    facts.info = GameInfo::Win;
    facts.durationMs = 754'000;
    facts.level = BotLevel::Normal; // a next rung, and the longest bot names
    facts.before = speed::store::CpuLevelRecord{3, 812'000};
    return resultModel(facts);
}

StartScreenFacts busiestStart() {
    StartScreenFacts facts;
    facts.reason = tr("play.end.their_program_stopped");
    facts.peer = "192.168.100.200";
    facts.addresses = {"192.168.100.123", "fd12:3456:789a:1:1234:5678:9abc:def0", "10.0.0.2"};
    facts.canRetry = true;
    facts.retryJoins = "192.168.100.200";
    return facts;
}

} // namespace

TEST_CASE("the window's faces are found and the Japanese one is merged into the menus' font", "[ui][layout]") {
    WindowFonts& fonts = windowFonts();
    INFO("latin " << fonts.faces().latin << ", japanese " << fonts.faces().japanese);
    REQUIRE_FALSE(fonts.faces().latin.empty());
    REQUIRE_FALSE(fonts.faces().japanese.empty());
    fonts.atlas(15);
    CHECK(fonts.added().latin);
    CHECK(fonts.added().japanese);
}

TEST_CASE("no bar, dialog or panel collides or is cut, and no word is under 11 px, at every size, scale and language",
          "[ui][layout]") {
    const std::array<std::pair<float, float>, 5> sizes{{{800, 600}, {1024, 720}, {1280, 800}, {1920, 1080}, {3840, 2160}}};
    const std::array<ImVec2, 6> dialogs{kHelpDialogEm, kMeasureDialogEm, kTraceDialogEm, kSettingsDialogEm, kStatisticsDialogEm,
                                        kConfigProblemDialogEm};
    const Language before = language();
    int id = 0;
    for (const Language shown : {Language::English, Language::Japanese}) {
        setLanguage(shown);
        for (const float userScale : {0.5f, 0.75f, 1.0f, 1.5f, 2.0f}) {
            for (const auto& [width, height] : sizes) {
                const float scale = uiScaleFor(width, height, userScale);
                const float fontPx = std::round(UiOverlay::kFontSizePx * scale);
                CAPTURE(languageCode(shown), width, height, userScale, scale);
                CHECK(fontPx >= kSmallestWordsPx); // the menus' and dialogs' words
                BareImGui imgui(windowFonts().atlas(fontPx));
                ImGui::GetStyle().ScaleAllSizes(scale);
                const float menuBar = fontPx + 2 * ImGui::GetStyle().FramePadding.y;
                LayoutOptions options;
                options.uiScale = scale;
                options.userScale = userScale;
                options.menuBarHeightPx = menuBar;
                const TableLayout layout = computeLayout(width, height, options);
                CHECK(layout.wordsPx >= kSmallestWordsPx);                      // the table's own words
                CHECK(layout.statusBar.height * 0.5f >= kSmallestWordsPx - 0.01f); // the status bar's, at half its height
                // The banner: on the felt, clear of the field piles, tall enough that its detail
                // lines (kBannerDetailShare of its height, two at most) need not be drawn under 11 px.
                CHECK(layout.banner.top >= layout.table.top);
                CHECK(layout.banner.bottom() <= layout.table.bottom());
                for (const Rect& pile : layout.pile) CHECK_FALSE(layout.banner.intersects(pile));
                CHECK(layout.banner.height * kBannerDetailShare >= kSmallestWordsPx - 0.01f);
                const ImVec2 display(width, height);
                setDialogArea(menuBar, layout.statusBar.top);

                for (const ImVec2 wanted : dialogs) {
                    const std::string name = "dialog " + std::to_string(id++);
                    frames(display, [&] {
                        placeDialog(wanted);
                        ImGui::Begin(name.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings);
                        ImGui::TextUnformatted(tr("screen.start.title"));
                        ImGui::End();
                    });
                    const Box box = drawnWindow(name.c_str()).box;
                    CAPTURE(wanted.x, wanted.y, box.left, box.top, box.width, box.height);
                    CHECK(box.top >= menuBar);
                    CHECK(box.bottom() <= layout.statusBar.top + 0.5f);
                    CHECK(box.left >= 0);
                    CHECK(box.right() <= width + 0.5f);
                    if (wanted.y > 0) CHECK(box.height >= std::min(wanted.y * fontPx, layout.statusBar.top - menuBar - 12) - 1);
                }

                {
                    StartScreen start;
                    start.open(busiestStart());
                    UiCommands commands;
                    // The Join list empty (its longest words: still looking), then with hosts.
                    frames(display, [&] { start.draw(commands, true); });
                    CHECK_FALSE(drawnWindow("Start").cutAtRight);
                    start.setLanHosts({{"Kenichiro_Yamamoto", "192.168.100.200:50001", false, true, false},
                                       {"hana", "[fe80::1234:5678:9abc:def0%wlp3s0]:50001", true, false, false},
                                       {"old-friend", "10.0.0.7:50001", false, false, true}},
                                      true, "");
                    frames(display, [&] { start.draw(commands, true); });
                    const Drawn drawn = drawnWindow("Start");
                    CAPTURE("start screen", drawn.box.left, drawn.box.top, drawn.box.width, drawn.box.height);
                    CHECK(drawn.box.top >= menuBar);
                    CHECK(drawn.box.bottom() <= layout.statusBar.top + 0.5f);
                    CHECK(drawn.box.left >= 0);
                    CHECK(drawn.box.right() <= width + 0.5f);
                    CHECK_FALSE(drawn.cutAtRight);
                }

                {
                    ResultPanel result;
                    result.open(longestResult());
                    UiCommands commands;
                    const Rect room = resultPanelRoom(layout);
                    frames(display, [&] { result.draw(layout.table, layout.banner, room, commands, true); });
                    const Drawn drawn = drawnWindow("Result");
                    CAPTURE("result panel", drawn.box.left, drawn.box.top, drawn.box.width, drawn.box.height, layout.banner.bottom());
                    CHECK(drawn.box.top >= layout.banner.bottom());
                    CHECK(drawn.box.bottom() <= layout.table.bottom() + 0.5f);
                    CHECK(drawn.box.left >= layout.table.left);
                    CHECK(drawn.box.right() <= layout.table.right() + 0.5f);
                    CHECK_FALSE(drawn.cutAtRight);
                    for (const Rect& pile : layout.pile) CHECK_FALSE(overlaps(drawn.box, pile));
                    // Over the idle hand, clear of the player's name, whenever it fits there.
                    const float margin = std::max(4.0f, layout.table.height * 0.02f);
                    if (drawn.box.height + 2 * margin <= room.height) CHECK(drawn.box.bottom() <= room.bottom());
                }

                for (int step = 0; step <= kTutorialSteps; ++step) {
                    TutorialFacts facts;
                    facts.step = static_cast<TutorialStep>(step);
                    facts.stepNumber = step + 1;
                    facts.firstOpponent = botTitleWords(ladderLevels().front());
                    const bool done = facts.step == TutorialStep::Done;
                    facts.area = tutorialPanelArea(layout, 0, done);
                    UiCommands commands;
                    float textPx = 0;
                    frames(display, [&] { textPx = drawTutorialPanel(facts, commands); });
                    const Drawn drawn = drawnWindow("Learn to play");
                    CAPTURE("lesson", step, textPx, drawn.box.left, drawn.box.top, drawn.box.width, drawn.box.height);
                    CHECK(textPx >= kSmallestWordsPx - 0.01f);
                    CHECK_FALSE(drawn.cutAtRight);
                    for (const Rect& card : cardsOf(layout, !done)) {
                        CAPTURE(card.left, card.top, card.width, card.height);
                        CHECK_FALSE(overlaps(drawn.box, card));
                    }
                    CHECK(drawn.box.top >= layout.table.top);
                    CHECK(drawn.box.bottom() <= layout.statusBar.top + 0.5f);
                }
                setDialogArea(0, 0);
            }
        }
    }
    setLanguage(before);
}
