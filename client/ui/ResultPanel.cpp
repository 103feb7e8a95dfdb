#include "ui/ResultPanel.hpp"

#include "ui/ImGuiText.hpp"

#include "table/LevelWords.hpp"
#include "table/Palette.hpp"
#include "table/TableText.hpp"
#include "text/Words.hpp"

#include <SFML/Window/Keyboard.hpp>
#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace speed::client::ui {
namespace {

// The rung above `level` on the ladder; nothing at its top or off it (max).
std::optional<BotLevel> rungAbove(BotLevel level) {
    const std::vector<BotLevel>& ladder = ladderLevels();
    const auto found = std::find(ladder.begin(), ladder.end(), level);
    if (found == ladder.end() || found + 1 == ladder.end()) return std::nullopt;
    return *(found + 1);
}

// The best time against the opponent, as this game leaves it.
void describeBest(const ResultFacts& facts, ResultModel& model) {
    if (!facts.before) return; // the statistics cannot be read: say nothing rather than guess
    const std::string name = botNameWords(facts.level);
    const store::CpuLevelRecord& before = *facts.before;
    if (model.tone == ResultTone::Won) {
        if (before.won == 0 || !before.fastestWinMs) {
            model.best = trf("screen.result.first_win", name);
            model.bestIsNews = true;
        } else if (facts.durationMs < *before.fastestWinMs) {
            model.best = trf("screen.result.new_best", name, formatClock(*before.fastestWinMs));
            model.bestIsNews = true;
        } else {
            model.best = trf("screen.result.best", name, formatClock(*before.fastestWinMs));
        }
        return;
    }
    model.best = before.fastestWinMs ? trf("screen.result.best", name, formatClock(*before.fastestWinMs))
                                     : trf("screen.result.no_win_yet", name);
}

// Enter pressed this frame: it presses the focused button as Space does (ImGui 1.86's keyboard
// navigation presses with Space only; Enter is its text input key).
bool enterPressed(bool onTop) {
    return onTop && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
}

// The next button right of the last one when it fits in `widest` (the panel's widest, window
// pixels), else at the start of the next line: a narrow window at a large scale wraps the row.
void sameLineIfFits(const char* label, float widest) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(label, nullptr, true).x + 2 * style.FramePadding.x;
    const float right = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + style.ItemSpacing.x + width;
    if (right + style.WindowPadding.x <= widest) ImGui::SameLine();
}

// The headline's colour: a win in the banner's gold, a loss in a muted red, a draw plain.
ImU32 toneColour(ResultTone tone) {
    switch (tone) {
    case ResultTone::Won: return imColour(palette::kHighlight);
    case ResultTone::Lost: return imColour(palette::kResultLost);
    case ResultTone::Drawn: break;
    }
    return imColour(palette::kLabel);
}

} // namespace

ResultModel resultModel(const ResultFacts& facts) {
    ResultModel model;
    model.level = facts.level;
    model.tone = facts.info == GameInfo::Win      ? ResultTone::Won
                 : facts.info == GameInfo::Defeat ? ResultTone::Lost
                                                  : ResultTone::Drawn;
    model.headline = tr(model.tone == ResultTone::Won    ? "screen.result.won"
                        : model.tone == ResultTone::Lost ? "screen.result.lost"
                                                         : "screen.result.draw");
    model.time = trf("screen.result.time", formatClock(facts.durationMs));
    if (facts.ranked) describeBest(facts, model);
    if (facts.ranked && model.tone == ResultTone::Won) model.nextRung = rungAbove(facts.level);
    model.buttons.push_back(ResultButton::NextGame);
    if (model.nextRung) model.buttons.push_back(ResultButton::NextRung);
    model.buttons.push_back(ResultButton::ChangeOpponent);
    model.buttons.push_back(ResultButton::Menu);
    return model;
}

std::string resultButtonLabel(ResultButton button, const ResultModel& model) {
    switch (button) {
    case ResultButton::NextGame: return tr("screen.result.next_game");
    case ResultButton::NextRung:
        return model.nextRung ? trf("screen.result.next_rung", botTitleWords(*model.nextRung)) : std::string();
    case ResultButton::ChangeOpponent: return tr("screen.result.change_opponent");
    case ResultButton::Menu: break;
    }
    return tr("screen.result.menu");
}

std::string_view resultButtonName(ResultButton button) {
    switch (button) {
    case ResultButton::NextGame: return "result.next_game";
    case ResultButton::NextRung: return "result.next_rung";
    case ResultButton::ChangeOpponent: return "result.change_opponent";
    case ResultButton::Menu: break;
    }
    return "result.menu";
}

Rect resultPanelRoom(const TableLayout& layout) {
    float pilesBottom = layout.table.top;
    for (const Rect& pile : layout.pile) pilesBottom = std::max(pilesBottom, pile.bottom());
    float nameTop = layout.table.top;
    for (const Point& anchor : layout.nameAnchor) nameTop = std::max(nameTop, anchor.y); // the lower row's name
    return {layout.table.left, pilesBottom, layout.table.width, std::max(0.0f, nameTop - pilesBottom)};
}

Point resultPanelCorner(const Rect& field, const Rect& banner, const Rect& room, float width, float height) {
    const float margin = std::max(4.0f, field.height * 0.02f);
    const float left = field.left + std::max(0.0f, (field.width - width) / 2);
    if (height + 2 * margin <= room.height) return {left, room.bottom() - margin - height}; // the piles and the name stay clear
    // As low on the felt as it fits (over the player's hand, idle now), never over the banner.
    const float lowest = field.bottom() - margin - height;
    const float highest = std::max(field.top, banner.bottom()) + margin;
    return {left, std::max(lowest, highest)};
}

void ResultPanel::open(ResultModel model) {
    m_model = std::move(model);
    m_open = true;
    m_focusFirst = true;
    m_sized = false;
    std::string buttons;
    for (ResultButton button : m_model.buttons) buttons += std::string(buttons.empty() ? "" : ", ") + std::string(resultButtonName(button));
    spdlog::info("result panel: {} | {} | {} | buttons {}", m_model.headline, m_model.time, m_model.best, buttons);
}

void ResultPanel::draw(const Rect& field, const Rect& banner, const Rect& room, UiCommands& commands, bool onTop) {
    if (!m_open) return;
    const Point corner = resultPanelCorner(field, banner, room, m_width, m_height);
    const float widest = field.width - 2 * std::max(4.0f, field.height * 0.02f);
    ImGui::SetNextWindowPos(ImVec2(corner.x, corner.y), ImGuiCond_Always);
    if (m_focusFirst && onTop) ImGui::SetNextWindowFocus();
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                        ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("Result", nullptr, kFlags)) {
        ImGui::PushStyleColor(ImGuiCol_Text, toneColour(m_model.tone));
        ImGui::SetWindowFontScale(2.0f);
        ImGui::TextUnformatted(m_model.headline.c_str());
        ImGui::SetWindowFontScale(1.0f);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(m_model.time.c_str());
        if (!m_model.best.empty()) {
            if (m_model.bestIsNews) ImGui::PushStyleColor(ImGuiCol_Text, imColour(palette::kHighlight));
            ImGui::TextUnformatted(m_model.best.c_str());
            if (m_model.bestIsNews) ImGui::PopStyleColor();
        }
        ImGui::Spacing();
        for (std::size_t i = 0; i < m_model.buttons.size(); ++i) {
            const ResultButton button = m_model.buttons[i];
            const std::string label = resultButtonLabel(button, m_model);
            if (i > 0) sameLineIfFits(label.c_str(), widest);
            if (i == 0 && m_focusFirst && onTop) {
                ImGui::SetKeyboardFocusHere();
                m_focusFirst = false;
            }
            const bool pressed = ImGui::Button(label.c_str()) || (ImGui::IsItemFocused() && enterPressed(onTop));
            if (m_sized) { // a frame placed by a size not its own moves next frame: tests would click where it was
                noteWidget(resultButtonName(button));
                noteKeyboard(resultButtonName(button));
            }
            if (!pressed) continue;
            switch (button) {
            case ResultButton::NextGame: commands.push_back({UiAction::NextGame}); break;
            case ResultButton::NextRung: {
                UiCommand play{UiAction::PlayVsCpu};
                play.level = *m_model.nextRung;
                commands.push_back(play);
                break;
            }
            case ResultButton::ChangeOpponent: ImGui::OpenPopup("result.levels"); break;
            case ResultButton::Menu: commands.push_back({UiAction::LeaveToStart}); break;
            }
        }
        // N is the next game here as on the table (the panel has the keyboard, so the table's N
        // does not come).
        if (onTop && ImGui::GetIO().WantCaptureKeyboard && !ImGui::IsPopupOpen("result.levels") &&
            ImGui::IsKeyPressed(sf::Keyboard::N, false)) {
            commands.push_back({UiAction::NextGame});
        }
        drawLevels(commands, onTop);
        const float width = ImGui::GetWindowWidth();
        const float height = ImGui::GetWindowHeight();
        m_sized = width == m_width && height == m_height;
        m_width = width;
        m_height = height;
    }
    ImGui::End();
}

// Change opponent: the ladder, the one just played marked; a choice plays it at once.
void ResultPanel::drawLevels(UiCommands& commands, bool onTop) {
    if (!ImGui::BeginPopup("result.levels")) return;
    int index = 0;
    for (BotLevel level : ladderLevels()) {
        if (ImGui::Selectable(botTitleWords(level).c_str(), level == m_model.level) ||
            (ImGui::IsItemFocused() && enterPressed(onTop))) {
            UiCommand play{UiAction::PlayVsCpu};
            play.level = level;
            commands.push_back(play);
        }
        noteWidget("result.level." + std::to_string(index++));
    }
    ImGui::EndPopup();
}

} // namespace speed::client::ui
