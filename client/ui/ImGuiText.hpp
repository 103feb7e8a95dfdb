#pragma once

// Small helpers shared by the dialogs (ImGui 1.86 has no std::string overloads in the library).
#include <imgui.h>

#include <string>

namespace speed::client::ui {

// An InputText bound to a std::string; returns true when the text changed this frame.
bool inputString(const char* label, std::string& text, ImGuiInputTextFlags flags = 0);

// Text that keeps '%' literal.
inline void plainText(const std::string& text) { ImGui::TextUnformatted(text.c_str()); }

inline constexpr ImU32 kSentColour = IM_COL32(120, 200, 255, 255);     // datagrams we sent
inline constexpr ImU32 kReceivedColour = IM_COL32(140, 230, 140, 255); // datagrams we received
inline constexpr ImU32 kErrorColour = IM_COL32(255, 110, 100, 255);
inline constexpr ImU32 kGoodColour = IM_COL32(140, 230, 140, 255);

} // namespace speed::client::ui
