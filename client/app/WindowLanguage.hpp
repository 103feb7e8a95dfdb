#pragma once

#include "speed/settings/Settings.hpp"
#include "text/Words.hpp"

namespace speed::client {

// The language the window speaks for setup.ini's (or --language's) choice: auto follows the
// locale (LC_ALL, LC_MESSAGES, LANG); Japanese needs its font, English is the fallback.
Language windowLanguage(UiLanguage choice, Language fromLocale, bool japaneseFont);

// The choice asks for Japanese (whether or not its font is there).
bool wantsJapanese(UiLanguage choice, Language fromLocale);

// Sets the window's language from the choice and this process's locale, and logs it.
Language applyLanguage(UiLanguage choice, bool japaneseFont);

} // namespace speed::client
