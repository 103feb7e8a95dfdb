#include "app/WindowLanguage.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {

bool wantsJapanese(UiLanguage choice, Language fromLocale) {
    return choice == UiLanguage::Japanese || (choice == UiLanguage::Auto && fromLocale == Language::Japanese);
}

Language windowLanguage(UiLanguage choice, Language fromLocale, bool japaneseFont) {
    return wantsJapanese(choice, fromLocale) && japaneseFont ? Language::Japanese : Language::English;
}

Language applyLanguage(UiLanguage choice, bool japaneseFont) {
    const Language fromLocale = languageFromEnvironment();
    const Language chosen = windowLanguage(choice, fromLocale, japaneseFont);
    setLanguage(chosen);
    if (chosen == Language::English && wantsJapanese(choice, fromLocale)) {
        spdlog::warn("language: Japanese needs the fonts-noto-cjk package; showing English");
    } else {
        spdlog::info("language: {} ({})", languageCode(chosen), toString(choice));
    }
    return chosen;
}

} // namespace speed::client
