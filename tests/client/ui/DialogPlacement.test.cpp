// Every dialog, at every window size from 800x600 to 3840x2160 and every UI scale from 0.5 to 2,
// stays between the menu bar and the status bar, and the menus' words are never under 11 px.
// A bare ImGui context (no window, no GL): the dialogs are placed as the overlay places them.
#include "ui/ImGuiText.hpp"

#include "table/Layout.hpp"
#include "table/UiScale.hpp"
#include "ui/UiOverlay.hpp"

#include <catch2/catch.hpp>
#include <imgui.h>

#include <array>
#include <cmath>
#include <string>
#include <utility>

using namespace speed::client;
using namespace speed::client::ui;

namespace {

struct BareImGui {
    BareImGui() : context(ImGui::CreateContext()) {}
    ~BareImGui() { ImGui::DestroyContext(context); }
    BareImGui(const BareImGui&) = delete;
    BareImGui& operator=(const BareImGui&) = delete;
    ImGuiContext* context;
};

struct Box {
    float left, top, width, height;
};

// The dialog drawn over a few frames (ImGui sizes a window that appears over two), its box.
Box placedDialog(ImVec2 wantedEm, ImVec2 display, int id) {
    Box box{};
    for (int frame = 0; frame < 3; ++frame) {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = display;
        io.DeltaTime = 1.0f / 25;
        ImGui::NewFrame();
        placeDialog(wantedEm);
        const std::string name = "dialog " + std::to_string(id);
        ImGui::Begin(name.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings);
        ImGui::TextUnformatted("a line of words");
        const ImVec2 at = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        box = {at.x, at.y, size.x, size.y};
        ImGui::End();
        ImGui::EndFrame();
    }
    return box;
}

} // namespace

TEST_CASE("dialogs stay between the menu bar and the status bar at every size and scale", "[ui][layout]") {
    const std::array<std::pair<float, float>, 5> sizes{{{800, 600}, {1024, 720}, {1280, 800}, {1920, 1080}, {3840, 2160}}};
    const std::array<ImVec2, 7> dialogs{kHelpDialogEm, kMeasureDialogEm, kTraceDialogEm, kSettingsDialogEm,
                                        kStatisticsDialogEm, kConfigProblemDialogEm, kStartScreenEm};
    int id = 0;
    for (const float userScale : {0.5f, 0.75f, 1.0f, 1.5f, 2.0f}) {
        for (const auto& [width, height] : sizes) {
            const float scale = uiScaleFor(width, height, userScale);
            const float fontPx = std::round(UiOverlay::kFontSizePx * scale);
            CAPTURE(width, height, userScale, scale);
            CHECK(fontPx >= 11); // the menus' and dialogs' words
            BareImGui imgui;
            ImFontConfig font;
            font.SizePixels = fontPx;
            ImGui::GetIO().Fonts->AddFontDefault(&font);
            ImGui::GetIO().Fonts->Build();
            ImGui::GetStyle().ScaleAllSizes(scale);
            const float menuBar = fontPx + 2 * ImGui::GetStyle().FramePadding.y;
            LayoutOptions options;
            options.uiScale = scale;
            options.userScale = userScale;
            options.menuBarHeightPx = menuBar;
            const TableLayout layout = computeLayout(width, height, options);
            CHECK(layout.wordsPx >= 11); // the table's own words
            CHECK(layout.statusBar.height * 0.5f >= 11 - 0.01f); // the status bar's words, at half its height
            setDialogArea(menuBar, layout.statusBar.top);
            for (const ImVec2 wanted : dialogs) {
                const Box box = placedDialog(wanted, ImVec2(width, height), id++);
                CAPTURE(wanted.x, wanted.y, box.left, box.top, box.width, box.height);
                CHECK(box.top >= menuBar);
                CHECK(box.top + box.height <= layout.statusBar.top + 0.5f);
                CHECK(box.left >= 0);
                CHECK(box.left + box.width <= width + 0.5f);
                if (wanted.y > 0) CHECK(box.height >= std::min(wanted.y * fontPx, layout.statusBar.top - menuBar - 12) - 1);
            }
            setDialogArea(0, 0);
        }
    }
}
