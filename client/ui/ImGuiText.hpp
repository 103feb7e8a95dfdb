#pragma once

// Small helpers shared by the dialogs (ImGui 1.86 has no std::string overloads in the library).
#include "table/Palette.hpp"

#include <imgui.h>

#include <string>
#include <string_view>

namespace speed::client::ui {

// An InputText bound to a std::string; returns true when the text changed this frame.
bool inputString(const char* label, std::string& text, ImGuiInputTextFlags flags = 0);

// --dump-layout: where the controls are, for the window tests, which click them there rather than
// at fixed pixels, and only once they show. noteWidget logs the item drawn last as
// "widget NAME L T W H" (window pixels) when it first shows and whenever it moves; nothing when off.
void setWidgetDump(bool on);
void noteWidget(std::string_view name);
// --dump-layout: logs "keys go to NAME" in the first frame the item drawn last has the keyboard
// (a control focused, a text field taking text), so a test presses keys once they land there.
enum class KeysFor { Control, Text };
void noteKeyboard(std::string_view name, KeysFor keys = KeysFor::Control);

// Where the dialogs go: between the menu bar (`top`) and the status bar (`bottom`), window
// pixels; the whole display until set. The overlay sets it each frame.
void setDialogArea(float top, float bottom);
// The next window is a dialog `wantedEm` (width, height) font sizes large, centred in the dialog
// area when it appears, and never larger than that area: it covers neither the menu bar nor the
// status bar at any window size or UI scale. A height of 0 lets the dialog fit its contents.
void placeDialog(ImVec2 wantedEm, ImGuiCond cond = ImGuiCond_Appearing);
// Each dialog's size in font sizes (width, height; 0: fits its contents), for placeDialog.
inline const ImVec2 kHelpDialogEm{40, 38};
inline const ImVec2 kMeasureDialogEm{52, 46};
inline const ImVec2 kTraceDialogEm{44, 28};
inline const ImVec2 kSettingsDialogEm{42, 23};
inline const ImVec2 kStatisticsDialogEm{46, 19};
inline const ImVec2 kConfigProblemDialogEm{34, 0};
inline const ImVec2 kStartScreenEm{36, 0};

// Text that keeps '%' literal.
inline void plainText(const std::string& text) { ImGui::TextUnformatted(text.c_str()); }

// Text wrapped to the room left on its line: up to `wrapPosX` (window-local, as PushTextWrapPos
// takes it), or with 0 to the edge of the content region. Broken where Japanese and English
// allow (text/LineBreak.hpp), where ImGui's own wrapping breaks only at spaces and cuts a word
// (a Japanese sentence, an address) wherever the edge falls. '%' stays literal.
void wrappedText(std::string_view text, float wrapPosX = 0.0f);
// The same in the style's disabled colour (ImGui::TextDisabled's).
void wrappedDisabledText(std::string_view text, float wrapPosX = 0.0f);

// A colour of the palette, as ImGui takes it.
inline constexpr ImU32 imColour(Rgba colour) { return IM_COL32(colour.r, colour.g, colour.b, colour.a); }
inline ImVec4 imColourVec(Rgba colour) {
    return {colour.r / 255.0f, colour.g / 255.0f, colour.b / 255.0f, colour.a / 255.0f};
}

inline constexpr ImU32 kSentColour = imColour(palette::kSent);
inline constexpr ImU32 kReceivedColour = imColour(palette::kReceived);
inline constexpr ImU32 kErrorColour = imColour(palette::kError);
inline constexpr ImU32 kGoodColour = imColour(palette::kGood);

} // namespace speed::client::ui
