#include "ui/StartScreen.hpp"

#include "ui/ImGuiText.hpp"
#include "ui/SettingsForm.hpp"

#include "match/AddressWords.hpp"
#include "table/LevelWords.hpp"
#include "text/Words.hpp"

#include "speed/net/HostPort.hpp"

#include <SFML/Window/Keyboard.hpp>
#include <imgui.h>

#include <algorithm>

namespace speed::client::ui {
namespace {

void heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", text);
    ImGui::Separator();
}

// A letter key pressed while no text field has the keyboard: the screen's shortcuts.
bool shortcut(sf::Keyboard::Key key, bool onTop) {
    return onTop && !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(key, false);
}

// The next item right of the last one when its `width` fits there (measured: the words are
// wider in some languages), else at the start of the next line.
void sameLineIfFits(float width) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}

bool buttonOnSameLine(const char* label) {
    sameLineIfFits(ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x);
    return ImGui::Button(label);
}

} // namespace

const std::vector<BotLevel>& playerLevels() { return ladderLevels(); }

int playerLevelIndex(BotLevel level) {
    const auto& levels = playerLevels();
    auto found = std::find(levels.begin(), levels.end(), level);
    if (found == levels.end()) found = std::find(levels.begin(), levels.end(), BotLevel::Normal);
    return static_cast<int>(found - levels.begin());
}

JoinTarget checkJoinAddress(std::string_view typed, std::uint16_t defaultPort) {
    const std::string_view text = trimmed(typed);
    HostPortResult parsed = parseHostPort(text, defaultPort);
    if (!parsed.value) return {std::string(text), std::move(parsed.error)};
    return {std::string(text), std::nullopt};
}

// Nothing typed asks for an address, with an example; the parser's other problems say what is
// wrong with the one typed.
std::string joinProblemWords(const HostPortError& problem) {
    if (problem.kind == HostPortProblem::Empty) return tr("screen.join.empty");
    return trf("screen.join.bad", hostPortWords(problem));
}

void StartScreen::open(StartScreenFacts facts) {
    m_facts = std::move(facts);
    m_joinText = m_facts.peer;
    m_joinProblem.reset();
    m_copied.clear();
    m_levelIndex = playerLevelIndex(m_facts.cpuLevel);
    m_open = true;
    m_focusFirst = true;
}

StartScreen::Dialog StartScreen::draw(UiCommands& commands, bool onTop) {
    if (!m_open) return Dialog::None;
    m_onTop = onTop;
    placeDialog(kStartScreenEm, ImGuiCond_Always); // between the bars; it scrolls when taller
    if (m_focusFirst && onTop) ImGui::SetNextWindowFocus();
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                        ImGuiWindowFlags_AlwaysAutoResize;
    Dialog dialog = Dialog::None;
    if (!ImGui::Begin("Start", nullptr, kFlags)) {
        ImGui::End();
        return dialog;
    }
    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextUnformatted(tr("screen.start.title"));
    ImGui::SetWindowFontScale(1.0f);
    ImGui::SameLine();
    ImGui::TextDisabled("%s", tr("screen.start.tagline"));
    if (!m_facts.reason.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, imColour(palette::kHeading));
        wrappedText(m_facts.reason);
        ImGui::PopStyleColor();
    }
    drawWaiting(commands);
    drawRetry(commands);
    if (m_facts.tutorialFirst) drawLearnFirst(commands);
    drawCpu(commands);
    drawHost(commands);
    drawJoin(commands);
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
    if (ImGui::Button(tr("screen.measure_dots"))) dialog = Dialog::Measure;
    if (buttonOnSameLine(tr("screen.statistics_dots"))) dialog = Dialog::Statistics;
    if (buttonOnSameLine(tr("screen.start.settings"))) dialog = Dialog::Settings;
    if (buttonOnSameLine(tr("screen.help"))) dialog = Dialog::Help;
    if (!m_facts.tutorialFirst && buttonOnSameLine(tr("tutorial.title"))) commands.push_back({UiAction::LearnToPlay});
    if (!m_facts.tutorialFirst) noteWidget("screen.learn");
    if (buttonOnSameLine(tr("screen.quit"))) commands.push_back({UiAction::Quit});
    wrappedDisabledText(tr("screen.start.keys"));
    if (shortcut(sf::Keyboard::J, onTop)) m_focusJoin = true;
    ImGui::End();
    return dialog;
}

void StartScreen::drawWaiting(UiCommands& commands) {
    if (!m_facts.waiting) return;
    const WaitingOffer& waiting = *m_facts.waiting;
    heading(waiting.game > 0 ? trf("screen.resume.waiting_game", waiting.peerName, waiting.game).c_str()
                             : trf("screen.resume.waiting", waiting.peerName).c_str());
    if (m_focusFirst && m_onTop) {
        ImGui::SetKeyboardFocusHere();
        m_focusFirst = false;
    }
    // Enter as well as Space: the keyboard starts here, and Enter is what a player tries first.
    const bool resume = ImGui::Button(tr("screen.resume.button")) ||
                        (m_onTop && ImGui::IsItemFocused() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false));
    noteKeyboard("screen.resume");
    if (resume) commands.push_back({UiAction::ResumeWaiting});
    if (buttonOnSameLine(tr("screen.resume.dismiss"))) commands.push_back({UiAction::DismissWaiting});
    wrappedDisabledText(trf("screen.resume.hint", m_facts.port, waiting.peerName));
}

// After a network match: connect as it did, in words that say what that does.
void StartScreen::drawRetry(UiCommands& commands) {
    if (!m_facts.canRetry) return;
    const std::string label = m_facts.retryHosts           ? std::string(tr("screen.start.host_again"))
                              : !m_facts.retryJoins.empty() ? trf("screen.start.join_again", m_facts.retryJoins)
                                                            : std::string(tr("screen.start.retry"));
    if (ImGui::Button(label.c_str()) || shortcut(sf::Keyboard::R, m_onTop)) commands.push_back({UiAction::Retry});
    noteWidget("screen.retry");
    if (m_facts.retryHosts) {
        ImGui::SameLine();
        wrappedDisabledText(trf("screen.start.host_again_hint", m_facts.port));
    }
}

void StartScreen::drawCpu(UiCommands& commands) {
    heading(tr("screen.cpu.heading"));
    if (m_focusFirst && m_onTop) {
        ImGui::SetKeyboardFocusHere();
        m_focusFirst = false;
    }
    const bool playCpu = ImGui::Button(tr("screen.play_cpu"));
    noteKeyboard("screen.play_cpu");
    if (playCpu || shortcut(sf::Keyboard::C, m_onTop)) {
        UiCommand play{UiAction::PlayVsCpu};
        play.level = playerLevels()[static_cast<std::size_t>(m_levelIndex)];
        commands.push_back(play);
    }
    drawTwoPlayers(commands);
    sameLineIfFits(ImGui::CalcTextSize(tr("screen.cpu.ladder")).x);
    ImGui::TextDisabled("%s", tr("screen.cpu.ladder"));
    // Three opponents a row: each is a person with a name, the level word after it.
    const auto& levels = playerLevels();
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const std::string label = botTitleWords(levels[i]);
        if (i % 3 != 0) {
            sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                           ImGui::CalcTextSize(label.c_str(), nullptr, true).x);
        }
        ImGui::RadioButton(label.c_str(), &m_levelIndex, static_cast<int>(i));
    }
}

// Two people on one keyboard, beside Play vs CPU (no line of its own: the screen must fit 600
// pixels at twice the scale); its tooltip says T and where the keys are.
void StartScreen::drawTwoPlayers(UiCommands& commands) {
    const bool play = buttonOnSameLine(tr("screen.hotseat.button"));
    noteWidget("screen.hotseat.button");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("screen.hotseat.hint"));
    if (play || shortcut(sf::Keyboard::Num2, m_onTop)) commands.push_back({UiAction::PlayTwoPlayers});
}

// A first start: the lesson is offered before anything else, and has the keyboard (Space starts it).
void StartScreen::drawLearnFirst(UiCommands& commands) {
    heading(tr("screen.learn.heading"));
    if (m_focusFirst && m_onTop) {
        ImGui::SetKeyboardFocusHere();
        m_focusFirst = false;
    }
    const bool learn = ImGui::Button(tr("tutorial.title"));
    noteKeyboard("screen.learn");
    noteWidget("screen.learn");
    if (learn || shortcut(sf::Keyboard::T, m_onTop)) commands.push_back({UiAction::LearnToPlay});
    ImGui::SameLine();
    wrappedDisabledText(tr("screen.learn.why"));
}

void StartScreen::drawHost(UiCommands& commands) {
    heading(tr("screen.host.heading"));
    if (ImGui::Button(tr("screen.host.button")) || shortcut(sf::Keyboard::H, m_onTop)) commands.push_back({UiAction::HostGame});
    ImGui::SameLine();
    wrappedText(trf("screen.host.port", m_facts.port));
    if (m_facts.addresses.empty()) {
        wrappedDisabledText(std::string("   ") + tr("screen.host.no_address"));
    }
    for (const std::string& address : m_facts.addresses) {
        ImGui::Bullet();
        ImGui::SetWindowFontScale(1.3f);
        ImGui::TextUnformatted(address.c_str());
        ImGui::SetWindowFontScale(1.0f);
        ImGui::SameLine();
        ImGui::PushID(address.c_str());
        if (ImGui::SmallButton(tr("screen.host.copy"))) {
            ImGui::SetClipboardText(address.c_str());
            m_copied = address;
        }
        ImGui::PopID();
        if (m_copied == address) {
            ImGui::SameLine();
            ImGui::TextColored(ImColor(kGoodColour), "%s", tr("screen.host.copied"));
        }
    }
}

void StartScreen::setLanHosts(std::vector<LanHostRow> hosts, bool looking, std::string problem) {
    // A host whose password was being typed and that is gone takes its field with it.
    if (!m_passwordFor.empty() &&
        std::none_of(hosts.begin(), hosts.end(), [&](const LanHostRow& host) { return host.address == m_passwordFor; })) {
        m_passwordFor.clear();
        m_passwordText.clear();
    }
    m_lanHosts = std::move(hosts);
    m_lanLooking = looking;
    m_lanProblem = std::move(problem);
}

namespace {

// Joining a host of the LAN list (not kept as setup.ini's peer), with the password typed for it.
UiCommand listedJoin(const std::string& address, std::optional<std::string> password) {
    UiCommand joining{UiAction::JoinGame};
    joining.address = address;
    joining.listed = true;
    joining.password = std::move(password);
    return joining;
}

// A padlock, as high as the text: a password is needed to join.
void drawLock(ImU32 colour) {
    const float size = ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float bodyTop = at.y + size * 0.45f;
    draw->AddRectFilled(ImVec2(at.x + size * 0.15f, bodyTop), ImVec2(at.x + size * 0.85f, at.y + size * 0.95f), colour, size * 0.1f);
    draw->PathArcTo(ImVec2(at.x + size * 0.5f, bodyTop), size * 0.24f, 3.14159f, 2 * 3.14159f, 12);
    draw->PathStroke(colour, 0, std::max(1.5f, size * 0.1f));
    ImGui::Dummy(ImVec2(size, size));
}

} // namespace

// The hosts on this LAN, one row each: a click (or Enter on the row) joins it; a host that needs
// a password asks for it in the row first; a busy host, or one of another version, is shown
// greyed and cannot be chosen.
void StartScreen::drawLanHosts(UiCommands& commands) {
    ImGui::TextUnformatted(tr("screen.lan.title"));
    if (!m_lanProblem.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        wrappedText(trf("screen.lan.cannot_look", m_lanProblem));
        ImGui::PopStyleColor();
        return;
    }
    if (m_lanHosts.empty()) {
        wrappedDisabledText(trf("screen.lan.looking", m_facts.port));
        return;
    }
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
    if (ImGui::BeginTable("lan.hosts", 4, kFlags)) {
        for (std::size_t i = 0; i < m_lanHosts.size(); ++i) drawLanHost(m_lanHosts[i], i, commands);
        ImGui::EndTable();
    }
    // The password asked for a listed host, under the list.
    for (const LanHostRow& host : m_lanHosts) {
        if (host.address != m_passwordFor) continue;
        ImGui::Indent();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(trf("screen.lan.password_for", host.name).c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
        if (m_focusPassword) {
            ImGui::SetKeyboardFocusHere();
            m_focusPassword = false;
        }
        inputString("##lan.password", m_passwordText, ImGuiInputTextFlags_Password);
        noteKeyboard("screen.lan.password", KeysFor::Text);
        const bool entered = ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
        ImGui::SameLine();
        if ((ImGui::Button(tr("screen.join.button")) || entered) && !m_passwordText.empty()) {
            commands.push_back(listedJoin(host.address, m_passwordText));
        }
        noteWidget("screen.lan.password_join");
        ImGui::Unindent();
        break;
    }
}

// One host's row: its name (a click on the row, or Enter on it, chooses it), its address, waiting
// or busy, and a lock when a password is needed.
void StartScreen::drawLanHost(const LanHostRow& host, std::size_t index, UiCommands& commands) {
    ImGui::PushID(static_cast<int>(index));
    const bool joinable = !host.busy && !host.otherVersion;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::BeginDisabled(!joinable);
    const bool chosen = ImGui::Selectable(host.name.c_str(), m_passwordFor == host.address, ImGuiSelectableFlags_SpanAllColumns) ||
                        (ImGui::IsItemFocused() && m_onTop && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false));
    noteWidget("screen.lan.host." + std::to_string(index));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(host.address.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(host.otherVersion ? tr("screen.lan.other_version") : host.busy ? tr("screen.lan.busy") : tr("screen.lan.waiting"));
    ImGui::TableNextColumn();
    if (host.password) {
        drawLock(ImGui::GetColorU32(joinable ? ImGuiCol_Text : ImGuiCol_TextDisabled));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("screen.lan.needs_password"));
    }
    ImGui::EndDisabled();
    if (chosen && joinable) {
        if (host.password) {
            m_passwordFor = host.address;
            m_focusPassword = true;
        } else {
            commands.push_back(listedJoin(host.address, std::nullopt));
        }
    }
    ImGui::PopID();
}

void StartScreen::drawJoin(UiCommands& commands) {
    ImGui::Spacing();
    drawLanHosts(commands);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("screen.join.label"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    if (m_focusJoin) {
        ImGui::SetKeyboardFocusHere();
        m_focusJoin = false;
    }
    if (inputString("##join", m_joinText)) m_joinProblem.reset();
    noteKeyboard("screen.join.address", KeysFor::Text);
    const bool entered = ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
    ImGui::SameLine();
    if (ImGui::Button(tr("screen.join.button")) || entered) join(commands);
    if (m_joinProblem) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        wrappedText(joinProblemWords(*m_joinProblem));
        ImGui::PopStyleColor();
    }
}

void StartScreen::join(UiCommands& commands) {
    const JoinTarget target = checkJoinAddress(m_joinText, m_facts.port);
    m_joinProblem = target.problem;
    if (target.problem) return;
    UiCommand joining{UiAction::JoinGame};
    joining.address = target.address;
    commands.push_back(joining);
}

} // namespace speed::client::ui
