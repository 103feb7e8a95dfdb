#include "ui/HelpDialog.hpp"

#include "speed/common/Version.hpp"
#include "text/Words.hpp"
#include "ui/ImGuiText.hpp"
#include "ui/TableDiagram.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <functional>
#include <utility>

namespace speed::client::ui {
namespace {

void bullet(const char* text) {
    ImGui::Bullet();
    wrappedText(text);
}

void drawHowToPlay() {
    wrappedText(tr("help.rules.intro"));
    ImGui::Spacing();
    drawTableDiagram(ImGui::GetContentRegionAvail().x);
    ImGui::Spacing();
    bullet(tr("help.rules.drag"));
    bullet(tr("help.rules.click"));
    bullet(tr("help.rules.refill"));
    bullet(tr("help.rules.speed"));
    bullet(tr("help.rules.win"));
}

void drawLan() {
    wrappedText(tr("help.lan.intro"));
    ImGui::Spacing();
    bullet(tr("help.lan.host"));
    bullet(tr("help.lan.join"));
    bullet(tr("help.lan.port"));
    bullet(tr("help.lan.firewall"));
    bullet(tr("help.lan.port_taken"));
    bullet(tr("help.lan.password"));
    bullet(tr("help.lan.reconnect"));
    bullet(tr("help.lan.fair"));
}

struct KeyRow {
    const char* keys;
    const char* meaning;
};

void drawKeys() {
    // Key names that are words are translated; the others ("Esc", "F11") read the same in both.
    const KeyRow rows[] = {
        {"1 .. 8", tr("help.keys.select")},
        {tr("help.keys.left_right"), tr("help.keys.play_side")},
        {tr("help.keys.up_enter"), tr("help.keys.play_first")},
        {tr("help.keys.refill_keys"), tr("help.keys.refill")},
        {"N", tr("help.keys.next_game")},
        {"P", tr("help.keys.pause")},
        {"I", tr("help.keys.hint")},
        {"Esc", tr("help.keys.escape")},
        {"R", tr("help.keys.reconnect")},
        {"C / Esc", tr("help.keys.waiting")},
        {"L", tr("help.keys.log")},
        {"M", tr("help.keys.sound")},
        {"F11", tr("help.keys.fullscreen")},
        {"F1", tr("help.keys.help")},
        {"Ctrl+Q", tr("help.keys.quit")},
        {"C / H / J", tr("help.keys.start_screen")},
        {tr("help.keys.navigate_keys"), tr("help.keys.navigate")},
        {tr("help.keys.mouse"), tr("help.keys.drag")},
        // Two players on one keyboard (app/HotseatKeys.hpp): the bottom player's keys, the top's.
        {"1-5 Q W E · A / S · D", tr("help.keys.hotseat_bottom")},
        {"6-0 U I O · J / K · H", tr("help.keys.hotseat_top")},
    };
    // The key column is as wide as its widest entry in this language (9 em at least), so no key
    // name is cut off.
    float keysWidth = ImGui::GetFontSize() * 9;
    for (const KeyRow& row : rows) keysWidth = std::max(keysWidth, ImGui::CalcTextSize(row.keys).x);
    if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, keysWidth);
    ImGui::TableSetupColumn("does");
    for (const KeyRow& row : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(imColourVec(palette::kHeading), "%s", row.keys);
        ImGui::TableNextColumn();
        wrappedText(row.meaning);
    }
    ImGui::EndTable();
    wrappedText(tr("help.keys.typing"));
}

} // namespace

void HelpDialog::setFontNames(std::string latin, std::string japanese) {
    m_latinFont = std::move(latin);
    m_japaneseFont = std::move(japanese);
}

void HelpDialog::drawAbout() const {
    plainText(std::string("speed ") + kVersion);
    const std::string japanese = m_japaneseFont.empty() ? tr("help.about.no_japanese") : m_japaneseFont;
    wrappedText(trf("help.about.program", ImGui::GetVersion(), m_latinFont, japanese));
    wrappedText(tr("help.about.where"));
}

void HelpDialog::open(HelpPage page) {
    m_page = page;
    m_pageChosen = false;
    m_open = true;
}

void HelpDialog::draw() {
    if (!m_open) return;
    placeDialog(kHelpDialogEm);
    // Titles in the current language over IDs that stay the same in both.
    const std::string title = fmt::format("{}###help", tr("help.title"));
    if (!ImGui::Begin(title.c_str(), &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    if (ImGui::BeginTabBar("help")) {
        const struct { HelpPage page; const char* title; const char* id; std::function<void()> drawPage; } pages[] = {
            {HelpPage::HowToPlay, tr("help.tab.how_to_play"), "how_to_play", drawHowToPlay},
            {HelpPage::Lan, tr("help.tab.lan"), "lan", drawLan},
            {HelpPage::Keys, tr("help.tab.keys"), "keys", drawKeys},
            {HelpPage::About, tr("help.tab.about"), "about", [this] { drawAbout(); }}};
        for (const auto& page : pages) {
            const ImGuiTabItemFlags flags = !m_pageChosen && page.page == m_page ? ImGuiTabItemFlags_SetSelected : 0;
            const std::string tab = fmt::format("{}###{}", page.title, page.id);
            if (ImGui::BeginTabItem(tab.c_str(), nullptr, flags)) {
                page.drawPage();
                ImGui::EndTabItem();
            }
        }
        m_pageChosen = true;
        ImGui::EndTabBar();
    }
    ImGui::End();
}

} // namespace speed::client::ui
