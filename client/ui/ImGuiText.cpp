#include "ui/ImGuiText.hpp"

#include "text/LineBreak.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace speed::client::ui {
namespace {

bool g_widgetDump = false;
float g_dialogTop = 0;     // the dialog area's edges, window pixels; bottom 0: the display's
float g_dialogBottom = 0;
constexpr float kDialogMarginPx = 6; // between a dialog and the bars

} // namespace

void setWidgetDump(bool on) { g_widgetDump = on; }

void noteWidget(std::string_view name) {
    // Not in a window's first frame: ImGui sizes it then, hidden, and may still move it.
    if (!g_widgetDump || ImGui::IsWindowAppearing()) return;
    // Per name, the rectangle last logged and the frame it was last drawn in (the window's one
    // thread draws): a line when it shows (again, after a frame or more without it) or moves.
    struct Seen {
        std::array<int, 4> rect;
        int frame;
    };
    static std::map<std::string, Seen, std::less<>> seen;
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 size = ImGui::GetItemRectSize();
    const std::array<int, 4> rect{static_cast<int>(std::lround(min.x)), static_cast<int>(std::lround(min.y)),
                                  static_cast<int>(std::lround(size.x)), static_cast<int>(std::lround(size.y))};
    const int frame = ImGui::GetFrameCount();
    const auto found = seen.find(name);
    const bool shown = found == seen.end() || found->second.frame < frame - 1 || found->second.rect != rect;
    seen.insert_or_assign(std::string(name), Seen{rect, frame});
    if (shown) spdlog::info("widget {} {} {} {} {}", name, rect[0], rect[1], rect[2], rect[3]);
}

void noteKeyboard(std::string_view name, KeysFor keys) {
    if (!g_widgetDump) return;
    // What the window does with a key follows what ImGui said at this frame's start (it wants the
    // keyboard, or text): the line waits until that agrees with the item having the keys. A text
    // field has them once it takes text, not when it is only focused.
    const ImGuiIO& io = ImGui::GetIO();
    const bool has = keys == KeysFor::Text ? ImGui::IsItemActive() && io.WantTextInput
                                           : ImGui::IsItemFocused() && io.WantCaptureKeyboard;
    if (!has) return;
    static std::map<std::string, int, std::less<>> lastFrame; // per name, the last frame it had the keys
    const int frame = ImGui::GetFrameCount();
    const auto found = lastFrame.find(name);
    const bool fresh = found == lastFrame.end() || found->second < frame - 1;
    lastFrame.insert_or_assign(std::string(name), frame);
    if (fresh) spdlog::info("keys go to {}", name);
}

void wrappedText(std::string_view text, float wrapPosX) {
    const float room = wrapPosX > 0 ? wrapPosX - ImGui::GetCursorPosX() : ImGui::GetContentRegionAvail().x;
    const std::vector<std::string_view> lines = breakLines(text, std::max(room, 1.0f), [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
    std::string shown;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) shown += '\n';
        shown += lines[i];
    }
    ImGui::PushTextWrapPos(-1.0f); // the lines fit: ImGui must not break them again
    ImGui::TextUnformatted(shown.data(), shown.data() + shown.size());
    ImGui::PopTextWrapPos();
}

void wrappedDisabledText(std::string_view text, float wrapPosX) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    wrappedText(text, wrapPosX);
    ImGui::PopStyleColor();
}

bool inputString(const char* label, std::string& text, ImGuiInputTextFlags flags) {
    std::array<char, 256> buffer{};
    const std::size_t length = std::min(text.size(), buffer.size() - 1);
    std::memcpy(buffer.data(), text.data(), length);
    if (!ImGui::InputText(label, buffer.data(), buffer.size(), flags)) return false;
    text = buffer.data();
    return true;
}

void setDialogArea(float top, float bottom) {
    g_dialogTop = top;
    g_dialogBottom = bottom;
}

void placeDialog(ImVec2 wantedEm, ImGuiCond cond) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float em = ImGui::GetFontSize();
    const float top = std::max(0.0f, g_dialogTop) + kDialogMarginPx;
    const float bottom = (g_dialogBottom > g_dialogTop ? std::min(g_dialogBottom, display.y) : display.y) - kDialogMarginPx;
    const ImVec2 room(std::max(1.0f, display.x - 2 * kDialogMarginPx), std::max(1.0f, bottom - top));
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, (top + bottom) * 0.5f), cond, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(room.x, em * wantedEm.x), wantedEm.y > 0 ? std::min(room.y, em * wantedEm.y) : 0.0f), cond);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), room);
}

} // namespace speed::client::ui
