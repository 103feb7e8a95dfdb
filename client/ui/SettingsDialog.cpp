#include "ui/SettingsDialog.hpp"

#include "ui/ImGuiText.hpp"

#include "text/Words.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client::ui {
namespace {

constexpr float kLabelWidthEm = 5.0f;
constexpr float kFieldWidthEm = 12.0f;

const char* sectionTitle(std::string_view section) {
    if (section == "network") return tr("settings.section.network");
    if (section == "player") return tr("settings.section.player");
    if (section == "rules") return tr("settings.section.rules");
    return tr("settings.section.cpu");
}

// A combo box as wide as its longest label needs (a Japanese bot title is wider than the field),
// and never narrower than `fieldWidth`.
float comboWidth(const std::vector<std::string>& labels, float fieldWidth) {
    float widest = 0;
    for (const std::string& label : labels) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
    return std::max(fieldWidth, widest + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetFrameHeight());
}

} // namespace

void SettingsDialog::open() {
    m_form.reload(); // someone may have edited the file since
    m_saveOutcome.reset();
    m_reloaded = false;
    m_open = true;
}

void SettingsDialog::draw(UiCommands& commands) {
    if (!m_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 20, ImGui::GetFontSize() * 46), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 10, display.y - 30));
    const std::string title = fmt::format("{}###settings_dialog", tr("settings.title"));
    if (!ImGui::Begin(title.c_str(), &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    ImGui::TextDisabled("%s", m_form.path().c_str());
    if (!m_form.fileExisted()) wrappedText(tr("settings.file_missing"));
    if (const auto& problem = m_form.loadError()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        wrappedText(trf("settings.load_problem", settingsProblemWords(*problem)));
        ImGui::PopStyleColor();
    }
    // The buttons and what Save said come first, so they stay in view whatever the window's height.
    drawButtons(commands);
    ImGui::Separator();
    const float fieldsHeight = std::max(ImGui::GetFontSize() * 6, display.y * 0.9f - ImGui::GetCursorPosY() - 40);
    ImGui::BeginChild("fields", ImVec2(0, std::min(fieldsHeight, ImGui::GetFontSize() * 34)), false);
    float widestLabel = 0;
    for (const SettingsField& field : m_form.fields()) {
        widestLabel = std::max(widestLabel, ImGui::CalcTextSize(fieldLabel(*field.key).c_str()).x);
    }
    m_labelColumn = std::max(kLabelWidthEm * ImGui::GetFontSize(),
                             ImGui::GetCursorPosX() + widestLabel + ImGui::GetStyle().ItemSpacing.x * 2);
    for (std::string_view section : {"network", "player", "rules", "cpu"}) drawSection(section);
    ImGui::EndChild();
    ImGui::End();
}

void SettingsDialog::drawSection(std::string_view section) {
    ImGui::Spacing();
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", sectionTitle(section));
    for (SettingsField& field : m_form.fields()) {
        if (field.key->section == section) drawField(field);
    }
}

void SettingsDialog::drawField(SettingsField& field) {
    const float em = ImGui::GetFontSize();
    const SettingsKey& key = *field.key;
    ImGui::AlignTextToFramePadding();
    plainText(fieldLabel(key));
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        wrappedText(fieldMeaning(key), em * 30);
        // The key as setup.ini spells it, for whoever edits the file by hand.
        ImGui::TextDisabled("[%s] %s", std::string(key.section).c_str(), std::string(key.name).c_str());
        ImGui::EndTooltip();
    }
    ImGui::SameLine(m_labelColumn);
    const std::string id = "##" + std::string(key.section) + "." + std::string(key.name);
    const auto choices = fixedChoices(key);
    if (key.section == "player" && key.name == "cards") {
        drawCardsField(field);
    } else if (key.section == "player" && key.name == "card_back") {
        drawCardBackField(field);
    } else if (choices.empty()) {
        ImGui::SetNextItemWidth(kFieldWidthEm * em);
        std::string text = field.text;
        const ImGuiInputTextFlags flags = key.secret && !m_showSecrets ? ImGuiInputTextFlags_Password : 0;
        if (inputString(id.c_str(), text, flags)) m_form.setText(field, text);
        noteWidget(id.substr(2));
        if (key.secret) {
            ImGui::SameLine();
            ImGui::Checkbox(fmt::format("{}###show{}", tr("settings.show_password"), id).c_str(), &m_showSecrets);
        }
    } else {
        std::vector<std::string> labels;
        for (std::string_view choice : choices) labels.push_back(choiceWords(key, choice));
        ImGui::SetNextItemWidth(comboWidth(labels, kFieldWidthEm * em));
        const bool listed = ImGui::BeginCombo(id.c_str(), choiceWords(key, field.text).c_str());
        if (!listed) noteWidget(id.substr(2)); // e.g. "player.language" (open, the last item is its list)
        if (listed) {
            for (std::string_view choice : choices) {
                const std::string value(choice);
                // The value is the ID: the words shown change with the language.
                const std::string label = fmt::format("{}###{}", choiceWords(key, value), value);
                if (ImGui::Selectable(label.c_str(), value == field.text)) m_form.setText(field, value);
                noteWidget(id.substr(2) + "=" + value); // e.g. "player.language=ja"
            }
            ImGui::EndCombo();
        }
    }
    ImGui::SameLine();
    if (field.error.empty()) {
        wrappedDisabledText(fieldHint(key));
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        wrappedText(expectedWords(key));
        ImGui::PopStyleColor();
    }
}

// A deck as the list shows it: its own name (its Japanese one in Japanese), where it comes
// from, and whether it is a four-colour deck; auto names the deck it stands for.
std::string SettingsDialog::deckWords(std::string_view value) const {
    if (equalsIgnoringCase(value, deck::kBuiltInDeck)) return tr("cards.built_in");
    if (equalsIgnoringCase(value, deck::kAutoDeck)) {
        const deck::DeckInfo* preferred = deck::preferredDeck(m_decks);
        return trf("cards.auto", preferred != nullptr ? preferred->name : std::string(tr("cards.built_in")));
    }
    const deck::DeckInfo* found = deck::deckNamed(m_decks, value);
    if (found == nullptr) return std::string(value);
    std::string words = language() == Language::Japanese && !found->japaneseName.empty() ? found->japaneseName : found->name;
    words += " \u00b7 " + trf("cards.from", found->family == deck::DeckFamily::Kde ? "KDE" : "Aisleriot");
    if (found->fourColour) words += " \u00b7 " + std::string(tr("cards.four_colour"));
    return words;
}

// A deck's combo box: `first` (auto, or the deck's own back), every installed deck, then the
// built-in cards, each in `words`; as wide as its longest entry ("Anglo Modern 4 Color · from
// Aisleriot · four colours") within the room left on the line.
void SettingsDialog::drawDeckChoice(SettingsField& field, std::string_view first,
                                    const std::function<std::string(std::string_view)>& words) {
    std::vector<std::string> values{std::string(first)};
    for (const deck::DeckInfo& deck : m_decks) values.push_back(deck.name);
    values.emplace_back(deck::kBuiltInDeck);
    std::vector<std::string> labels;
    for (const std::string& value : values) labels.push_back(words(value));
    const float fieldWidth = kFieldWidthEm * ImGui::GetFontSize();
    ImGui::SetNextItemWidth(std::min(comboWidth(labels, fieldWidth), std::max(fieldWidth, ImGui::GetContentRegionAvail().x)));
    const std::string id = "player." + std::string(field.key->name);
    const bool listed = ImGui::BeginCombo(("##" + id).c_str(), words(field.text).c_str(), ImGuiComboFlags_HeightLarge);
    if (!listed) noteWidget(id);
    if (!listed) return;
    for (std::size_t i = 0; i < values.size(); ++i) {
        // The value is the ID: the words shown change with the language.
        const std::string label = fmt::format("{}###{}", labels[i], values[i]);
        if (ImGui::Selectable(label.c_str(), equalsIgnoringCase(values[i], field.text))) m_form.setText(field, values[i]);
        noteWidget(id + "=" + values[i]);
    }
    ImGui::EndCombo();
}

// Settings > Cards: automatic, every installed deck, the built-in cards; the choice's preview below.
void SettingsDialog::drawCardsField(SettingsField& field) {
    drawDeckChoice(field, deck::kAutoDeck, [this](std::string_view value) { return deckWords(value); });
    const deck::DeckInfo* chosen = equalsIgnoringCase(field.text, deck::kBuiltInDeck) ? nullptr : deck::deckNamed(m_decks, field.text);
    ImGui::NewLine();
    ImGui::SameLine(m_labelColumn);
    ImGui::BeginGroup();
    m_preview.draw(chosen, ImGui::GetFontSize() * 3.2f);
    ImGui::EndGroup();
}

// Settings > card back: the deck's own, every installed deck's, the drawn one; the back below.
void SettingsDialog::drawCardBackField(SettingsField& field) {
    drawDeckChoice(field, "deck", [this](std::string_view value) -> std::string {
        if (equalsIgnoringCase(value, "deck")) return tr("cards.back_own");
        if (equalsIgnoringCase(value, deck::kBuiltInDeck)) return tr("cards.back_built_in");
        return deck::deckNamed(m_decks, value) != nullptr ? trf("cards.back_of", deckWords(value)) : std::string(value);
    });
    const bool other = !equalsIgnoringCase(field.text, "deck") && !equalsIgnoringCase(field.text, deck::kBuiltInDeck);
    if (!other) return;
    ImGui::NewLine();
    ImGui::SameLine(m_labelColumn);
    ImGui::BeginGroup();
    m_backPreview.draw(deck::deckNamed(m_decks, field.text), ImGui::GetFontSize() * 3.2f, true);
    ImGui::EndGroup();
}

void SettingsDialog::drawButtons(UiCommands& commands) {
    const bool canSave = m_form.valid();
    if (!canSave) ImGui::BeginDisabled();
    if (ImGui::Button(fmt::format("{}###save", tr("settings.button.save")).c_str())) {
        m_saveOutcome = m_form.save();
        m_reloaded = false;
        if (m_saveOutcome->saved) {
            UiCommand saved{UiAction::SettingsSaved};
            saved.settings = m_form.settings();
            commands.push_back(saved);
        }
    }
    noteWidget("settings.save");
    if (!canSave) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(fmt::format("{}###revert", tr("settings.button.revert")).c_str())) {
        m_form.reload();
        m_saveOutcome.reset();
        m_reloaded = true;
    }
    noteWidget("settings.revert");
    ImGui::SameLine();
    if (ImGui::Button(fmt::format("{}###close", tr("common.close")).c_str())) m_open = false;
    noteWidget("settings.close");
    if (!canSave) {
        ImGui::SameLine();
        ImGui::TextColored(ImColor(kErrorColour), "%s", tr("settings.cannot_save"));
    } else if (m_form.changed()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr("settings.unsaved"));
    }
    drawStatus();
}

void SettingsDialog::drawStatus() const {
    std::string status;
    bool isError = false;
    if (m_saveOutcome) {
        status = saveOutcomeWords(*m_saveOutcome);
        isError = !m_saveOutcome->saved;
    } else if (m_reloaded) {
        status = trf("settings.reloaded", m_form.path());
    }
    if (status.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, isError ? kErrorColour : kGoodColour);
    wrappedText(status);
    ImGui::PopStyleColor();
}

} // namespace speed::client::ui
