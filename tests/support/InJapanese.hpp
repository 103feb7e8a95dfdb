#pragma once

// For the window's tests: its words in Japanese for one scope, English again after it (English
// is what every other test reads).
#include "text/Words.hpp"

#include <string_view>

namespace speed::test {

struct InJapanese {
    InJapanese() { client::setLanguage(client::Language::Japanese); }
    ~InJapanese() { client::setLanguage(client::Language::English); }
    InJapanese(const InJapanese&) = delete;
    InJapanese& operator=(const InJapanese&) = delete;
};

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

} // namespace speed::test
