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

// A combo box as wide as its longest label needs (a Japanese bot title is wider than the field),
// and never narrower than `fieldWidth`.
float comboWidth(const std::vector<std::string>& labels, float fieldWidth) {
    float widest = 0;
    for (const std::string& label : labels) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
    return std::max(fieldWidth, widest + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetFrameHeight());
}

// A field's layout name for --dump-layout: "player.language", "network.port".
std::string widgetName(const SettingsKey& key) { return std::string(key.section) + "." + std::string(key.name); }

// What a key is for and, for whoever edits the file by hand, the key as setup.ini spells it.
void keyTooltip(const SettingsKey& key) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    wrappedText(fieldMeaning(key), ImGui::GetFontSize() * 30);
    ImGui::TextDisabled("%s", fileKeyWords(key).c_str());
    ImGui::EndTooltip();
}

// A slider's format: its words with printf's '%' doubled ("80 %%").
std::string sliderFormat(const SettingsKey& key, int value) {
    std::string format;
    for (char c : sliderWords(key, value)) format += c == '%' ? std::string("%%") : std::string(1, c);
    return format;
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
    placeDialog(kSettingsDialogEm);
    const std::string title = fmt::format("{}###settings_dialog", tr("settings.title"));
    if (!ImGui::Begin(title.c_str(), &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    {
        // Which file: the player (or a packager) may look for it, or edit it by hand.
        std::error_code ec;
        const std::filesystem::path shown = std::filesystem::absolute(m_form.path(), ec);
        wrappedDisabledText(trf("settings.file_in_use", ec ? m_form.path() : shown.lexically_normal().string()));
    }
    if (!m_form.fileExisted()) wrappedDisabledText(tr("settings.file_missing"));
    if (const auto& problem = m_form.loadError()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        wrappedText(trf("settings.load_problem", settingsProblemWords(*problem)));
        ImGui::PopStyleColor();
    }
    if (ImGui::BeginTabBar("settings_groups", ImGuiTabBarFlags_FittingPolicyScroll)) {
        for (SettingsGroup group : settingsGroups()) {
            // The ID stays when the words change (the language, a field gone wrong).
            const std::string name(groupName(group));
            const std::string words = groupHasError(group, false) || groupHasError(group, true)
                                          ? trf("settings.group.has_error", groupTitle(group))
                                          : groupTitle(group);
            const bool shown = ImGui::BeginTabItem(fmt::format("{}###tab.{}", words, name).c_str());
            noteWidget("settings.tab." + name);
            if (!shown) continue;
            // The group scrolls; the buttons below it stay in view whatever the window's height.
            ImGui::BeginChild(("group." + name).c_str(), ImVec2(0, -m_footerHeight), false);
            drawGroup(group);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    const float footerTop = ImGui::GetCursorPosY();
    ImGui::Separator();
    drawButtons(commands);
    m_footerHeight = ImGui::GetCursorPosY() - footerTop + ImGui::GetStyle().ItemSpacing.y;
    ImGui::End();
}

bool SettingsDialog::groupHasError(SettingsGroup group, bool advanced) {
    const auto fields = m_form.groupFields(group, advanced);
    return std::any_of(fields.begin(), fields.end(), [](const SettingsField* field) { return !field->error.empty(); });
}

// One group: when it applies, its fields, then its Advanced part (open by itself when a field
// there is wrong, so the red words are seen).
void SettingsDialog::drawGroup(SettingsGroup group) {
    const float em = ImGui::GetFontSize();
    const auto fields = m_form.groupFields(group, false);
    const auto advanced = m_form.groupFields(group, true);
    float widestLabel = 0;
    for (const auto* list : {&fields, &advanced}) {
        for (const SettingsField* field : *list) {
            if (fieldPlace(*field->key).control == FieldControl::CheckBox) continue; // its words are its own
            widestLabel = std::max(widestLabel, ImGui::CalcTextSize(fieldLabel(*field->key).c_str()).x);
        }
    }
    const float indent = ImGui::GetStyle().IndentSpacing;
    m_labelColumn = std::max(kLabelWidthEm * em, indent + widestLabel + ImGui::GetStyle().ItemSpacing.x * 2);
    m_stacked = ImGui::GetContentRegionAvail().x < m_labelColumn + kFieldWidthEm * em;
    ImGui::Spacing();
    if (group == SettingsGroup::Network) wrappedDisabledText(tr("settings.note.network"));
    if (group == SettingsGroup::Rules) wrappedDisabledText(tr("settings.note.rules"));
    drawFields(fields);
    if (advanced.empty()) return;
    ImGui::Spacing();
    if (groupHasError(group, true)) ImGui::SetNextItemOpen(true);
    const std::string name(groupName(group));
    const bool open = ImGui::CollapsingHeader(fmt::format("{}###advanced.{}", tr("settings.advanced"), name).c_str());
    noteWidget("settings.advanced." + name);
    if (!open) return;
    ImGui::Indent();
    drawFields(advanced);
    ImGui::Unindent();
}

void SettingsDialog::drawFields(const std::vector<SettingsField*>& fields) {
    for (SettingsField* field : fields) {
        ImGui::PushID(field);
        drawField(*field);
        ImGui::PopID();
    }
}

void SettingsDialog::drawField(SettingsField& field) {
    const FieldControl control = fieldPlace(*field.key).control;
    if (control == FieldControl::CheckBox) {
        drawCheckBox(field);
        return;
    }
    drawLabel(field);
    switch (control) {
    case FieldControl::Deck: drawCardsField(field); break;
    case FieldControl::CardBack: drawCardBackField(field); break;
    case FieldControl::Slider: drawSlider(field); break;
    case FieldControl::Choice: drawChoice(field); break;
    case FieldControl::Text:
    case FieldControl::Password:
    case FieldControl::CheckBox: drawTyped(field); break;
    }
    if (field.error.empty()) return;
    // What is wrong, under the field, in red: Save waits until it is right.
    if (!m_stacked) ImGui::SetCursorPosX(m_labelColumn);
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
    wrappedText(field.error);
    ImGui::PopStyleColor();
}

// The key's name in words, its meaning in the tooltip; the field goes right of the label column,
// or under the label when the dialog is too narrow for both.
void SettingsDialog::drawLabel(const SettingsField& field) {
    ImGui::AlignTextToFramePadding();
    plainText(fieldLabel(*field.key));
    keyTooltip(*field.key);
    if (!m_stacked) ImGui::SameLine(m_labelColumn);
}

void SettingsDialog::drawCheckBox(SettingsField& field) {
    const auto values = checkValues(*field.key);
    if (!values) return;
    bool ticked = field.text == values->ticked;
    const std::string id = widgetName(*field.key);
    if (ImGui::Checkbox(fmt::format("{}###{}", fieldLabel(*field.key), id).c_str(), &ticked)) {
        m_form.setText(field, ticked ? values->ticked : values->unticked);
    }
    noteWidget(id);
    keyTooltip(*field.key);
}

// A slider with its value in words ("80 %"); the volume waits while the sound is off.
void SettingsDialog::drawSlider(SettingsField& field) {
    const auto range = sliderRange(*field.key);
    if (!range) return;
    const SettingsField* sound = m_form.field("player", "sound");
    const bool silent = field.key->name == "volume" && sound != nullptr && sound->text == "off";
    int value = sliderValue(field).value_or(range->min);
    const std::string id = widgetName(*field.key);
    ImGui::SetNextItemWidth(std::min(kFieldWidthEm * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x));
    if (silent) ImGui::BeginDisabled();
    if (ImGui::SliderInt(("##" + id).c_str(), &value, range->min, range->max, sliderFormat(*field.key, value).c_str(),
                         ImGuiSliderFlags_AlwaysClamp)) {
        m_form.setText(field, sliderText(*field.key, value));
    }
    noteWidget(id);
    if (silent) ImGui::EndDisabled();
}

void SettingsDialog::drawChoice(SettingsField& field) {
    const SettingsKey& key = *field.key;
    const std::string id = widgetName(key);
    std::vector<std::string> labels;
    const auto choices = fixedChoices(key);
    for (std::string_view choice : choices) labels.push_back(choiceWords(key, choice));
    const float fieldWidth = kFieldWidthEm * ImGui::GetFontSize();
    ImGui::SetNextItemWidth(std::min(comboWidth(labels, fieldWidth), std::max(fieldWidth, ImGui::GetContentRegionAvail().x)));
    const bool listed = ImGui::BeginCombo(("##" + id).c_str(), choiceWords(key, trimmed(field.text)).c_str());
    if (!listed) noteWidget(id); // e.g. "player.language" (open, the last item is its list)
    if (!listed) return;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        const std::string value(choices[i]);
        // The value is the ID: the words shown change with the language.
        const std::string label = fmt::format("{}###{}", labels[i], value);
        if (ImGui::Selectable(label.c_str(), value == trimmed(field.text))) m_form.setText(field, value);
        noteWidget(id + "=" + value); // e.g. "player.language=ja"
    }
    ImGui::EndCombo();
}

void SettingsDialog::drawTyped(SettingsField& field) {
    const SettingsKey& key = *field.key;
    const std::string id = widgetName(key);
    // A password leaves room on its line for its "show" box.
    const std::string show = fmt::format("{}###show.{}", tr("settings.show_password"), id);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float showWidth = key.secret ? style.ItemSpacing.x + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                                             ImGui::CalcTextSize(show.c_str(), nullptr, true).x
                                       : 0.0f;
    ImGui::SetNextItemWidth(std::min(kFieldWidthEm * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - showWidth));
    std::string text = field.text;
    const ImGuiInputTextFlags flags = key.secret && !m_showSecrets ? ImGuiInputTextFlags_Password : 0;
    if (inputString(("##" + id).c_str(), text, flags)) m_form.setText(field, text);
    noteWidget(id);
    if (!key.secret) return;
    ImGui::SameLine();
    ImGui::Checkbox(show.c_str(), &m_showSecrets);
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
    if (!m_stacked) {
        ImGui::NewLine();
        ImGui::SameLine(m_labelColumn);
    }
    ImGui::BeginGroup();
    // Six cards at most (four faces, the joker, the back) in the room left: narrower when the
    // dialog is (800x600 at twice the size).
    constexpr float kPreviewCards = 6;
    const float room = ImGui::GetContentRegionAvail().x - (kPreviewCards - 1) * ImGui::GetStyle().ItemSpacing.x;
    m_preview.draw(chosen, std::min(ImGui::GetFontSize() * 3.2f, room / kPreviewCards));
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
    if (!m_stacked) {
        ImGui::NewLine();
        ImGui::SameLine(m_labelColumn);
    }
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
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", trf("settings.file", m_form.path()).c_str());
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
