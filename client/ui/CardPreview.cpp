#include "ui/CardPreview.hpp"

#include "ui/ImGuiText.hpp"

#include "text/Words.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdint>

namespace speed::client::ui {

void CardPreview::draw(const deck::DeckInfo* deck, float cardWidthPx, bool backOnly) {
    if (deck == nullptr) return;
    const int width = std::max(8, static_cast<int>(std::lround(cardWidthPx)));
    m_loader.request({*deck, width, static_cast<int>(std::lround(cardWidthPx * 1.4f))});
    if (std::optional<deck::DeckLoader::Result> done = m_loader.take()) {
        const deck::DeckImage& image = done->render.image;
        m_error = done->render.error;
        if (image.empty() || !m_texture.create(static_cast<unsigned>(image.atlasWidth()), static_cast<unsigned>(image.atlasHeight()))) {
            m_shownFile.clear();
        } else {
            m_texture.update(image.rgba.data());
            m_texture.setSmooth(true);
            m_shownFile = done->request.deck.file;
            m_cardWidthPx = image.cardWidth;
            m_cardHeightPx = image.cardHeight;
            m_hasJoker = !image.isMissing(deck::cellOf(Card::fromIndex(Card::kDistinctCodes - 1)));
        }
    }
    if (m_shownFile != deck->file) {
        if (!m_error.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
            ImGui::TextWrapped("%s", m_error.c_str());
            ImGui::PopStyleColor();
        } else {
            ImGui::TextDisabled("%s", tr("cards.loading"));
        }
        return;
    }
    // An ace, a court card of each colour, a ten, the joker (when the deck has one) and the back.
    std::vector<deck::AtlasCell> shown;
    if (!backOnly) {
        shown = {deck::cellOf(Card::of(Suit::Spade, 1)), deck::cellOf(Card::of(Suit::Heart, 13)),
                 deck::cellOf(Card::of(Suit::Diamond, 12)), deck::cellOf(Card::of(Suit::Club, 10))};
        if (m_hasJoker) shown.push_back(deck::cellOf(Card::fromIndex(Card::kDistinctCodes - 1)));
    }
    shown.push_back(deck::backCell());
    const ImTextureID texture = reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(m_texture.getNativeHandle()));
    const float atlasW = static_cast<float>(m_texture.getSize().x);
    const float atlasH = static_cast<float>(m_texture.getSize().y);
    const ImVec2 size(static_cast<float>(m_cardWidthPx), static_cast<float>(m_cardHeightPx));
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const deck::AtlasCell at = shown[i];
        const float left = static_cast<float>(at.column * (m_cardWidthPx + 2 * deck::kAtlasPaddingPx) + deck::kAtlasPaddingPx);
        const float top = static_cast<float>(at.row * (m_cardHeightPx + 2 * deck::kAtlasPaddingPx) + deck::kAtlasPaddingPx);
        if (i > 0) ImGui::SameLine();
        ImGui::Image(texture, size, ImVec2(left / atlasW, top / atlasH), ImVec2((left + size.x) / atlasW, (top + size.y) / atlasH));
    }
}

} // namespace speed::client::ui
