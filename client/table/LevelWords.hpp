#pragma once

#include "speed/common/Bot.hpp"

#include <string>

namespace speed::client {

// The CPU levels as the window names them, in the current language.
std::string levelWords(BotLevel level);   // "normal" / "ふつう"; "max (test bot)" for max
std::string botNameWords(BotLevel level); // "Yui" / "ユイ"; "CPU" for max
std::string botTitleWords(BotLevel level); // "Yui (normal)" / "ユイ（ふつう）"; "max (test bot)"

} // namespace speed::client
