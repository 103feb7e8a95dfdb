#include "ui/ImGuiText.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace speed::client::ui {

bool inputString(const char* label, std::string& text, ImGuiInputTextFlags flags) {
    std::array<char, 256> buffer{};
    const std::size_t length = std::min(text.size(), buffer.size() - 1);
    std::memcpy(buffer.data(), text.data(), length);
    if (!ImGui::InputText(label, buffer.data(), buffer.size(), flags)) return false;
    text = buffer.data();
    return true;
}

} // namespace speed::client::ui
