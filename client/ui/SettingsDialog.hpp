#pragma once

#include "ui/CardPreview.hpp"
#include "ui/SettingsForm.hpp"

#include "deck/DeckCatalog.hpp"
#include "ui/UiCommand.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client::ui {

// Settings: a form for setup.ini. Each field is checked as it is typed (the message shows next
// to it, in red); Save writes the file back keeping its comments and says where it wrote.
class SettingsDialog {
public:
    // `decks`: the card decks installed, offered for [player] cards; `deckCache`: where drawn
    // decks are kept (the preview's too).
    SettingsDialog(const std::string& configPath, std::vector<deck::DeckInfo> decks, const std::filesystem::path& deckCache)
        : m_form(configPath), m_decks(std::move(decks)), m_preview(deckCache), m_backPreview(deckCache) {}

    void open();
    bool isOpen() const { return m_open; }
    void close() { m_open = false; }
    // Draws the dialog while it is open; a successful save yields SettingsSaved.
    void draw(UiCommands& commands);

private:
    void drawSection(std::string_view section);
    void drawField(SettingsField& field);
    void drawCardsField(SettingsField& field);
    void drawCardBackField(SettingsField& field);
    void drawDeckChoice(SettingsField& field, std::string_view first, const std::function<std::string(std::string_view)>& words);
    std::string deckWords(std::string_view value) const;
    void drawButtons(UiCommands& commands);
    void drawStatus() const;

    SettingsForm m_form;
    std::vector<deck::DeckInfo> m_decks;
    CardPreview m_preview;
    CardPreview m_backPreview;
    // What the last button said, worded as it is drawn (the language may change on Save).
    std::optional<SaveOutcome> m_saveOutcome;
    bool m_reloaded = false;
    float m_labelColumn = 0; // where the fields start, right of the widest label
    bool m_open = false;
    bool m_showSecrets = false; // the password field shows what is typed
};

} // namespace speed::client::ui
