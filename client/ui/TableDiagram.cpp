// The picture of the table on Help > How to play: the same arrangement as the real table (your
// side at the bottom, the opponent mirrored at the top, two field piles between), with labels
// and two example plays.
#include "ui/TableDiagram.hpp"

#include "text/Words.hpp"
#include "ui/ImGuiText.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace speed::client::ui {
namespace {

constexpr ImU32 kFelt = imColour(palette::kDiagramFelt);
constexpr ImU32 kFace = imColour(palette::kDiagramFace);
constexpr ImU32 kBack = imColour(palette::kDiagramBack);
constexpr ImU32 kEdge = imColour(palette::kDiagramEdge);
constexpr ImU32 kInk = imColour(palette::kDiagramInk);
constexpr ImU32 kRed = imColour(palette::kDiagramRed);
constexpr ImU32 kLabel = imColour(palette::kDiagramLabel);
constexpr ImU32 kArrow = imColour(palette::kDiagramArrow);

struct Card {
    const char* rank = nullptr; // nullptr: face down
    bool red = false;
};

struct Diagram {
    ImDrawList& draw;
    ImVec2 origin;
    float cardW;
    float cardH;

    ImVec2 at(float xCards, float yCards) const { return ImVec2(origin.x + xCards * cardW, origin.y + yCards * cardH); }

    void card(ImVec2 topLeft, Card card) const {
        const ImVec2 bottomRight(topLeft.x + cardW, topLeft.y + cardH);
        draw.AddRectFilled(topLeft, bottomRight, card.rank ? kFace : kBack, cardW * 0.1f);
        draw.AddRect(topLeft, bottomRight, kEdge, cardW * 0.1f);
        if (!card.rank) return;
        const ImVec2 size = ImGui::CalcTextSize(card.rank);
        draw.AddText(ImVec2(topLeft.x + (cardW - size.x) * 0.5f, topLeft.y + (cardH - size.y) * 0.5f), card.red ? kRed : kInk, card.rank);
    }

    void label(ImVec2 where, const char* text) const { draw.AddText(where, kLabel, text); }

    void arrow(ImVec2 from, ImVec2 to) const {
        draw.AddLine(from, to, kArrow, 2.5f);
        const float dx = to.x - from.x;
        const float dy = to.y - from.y;
        const float length = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
        const ImVec2 unit(dx / length, dy / length);
        const ImVec2 normal(-unit.y, unit.x);
        const float head = cardW * 0.25f;
        draw.AddTriangleFilled(to, ImVec2(to.x - unit.x * head + normal.x * head * 0.5f, to.y - unit.y * head + normal.y * head * 0.5f),
                               ImVec2(to.x - unit.x * head - normal.x * head * 0.5f, to.y - unit.y * head - normal.y * head * 0.5f), kArrow);
    }
};

} // namespace

void drawTableDiagram(float width) {
    constexpr float kWidthCards = 10.6f; // four slots, a gap, the deck, the labels
    constexpr float kHeightCards = 3.9f;
    const float cardW = std::clamp(width / kWidthCards, 24.0f, 46.0f);
    const float cardH = cardW * 1.4f;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const ImVec2 origin(start.x + cardW * 0.3f, start.y + cardH * 0.2f);

    // The labels, in card units from the origin; the felt grows to hold the widest one, as far as
    // `width` allows.
    const struct { float x; float y; const char* text; } labels[] = {
        {6.45f, 0.3f, tr("help.diagram.their_side")},
        {4.55f, 1.55f, tr("help.diagram.field")},
        {6.3f, 2.65f, tr("help.diagram.your_hand")},
        {6.3f, 2.65f + 0.35f, tr("help.diagram.your_deck")},
    };
    float labelsW = 0;
    for (const auto& label : labels) {
        labelsW = std::max(labelsW, cardW * (0.3f + label.x + 0.2f) + ImGui::CalcTextSize(label.text).x);
    }
    const ImVec2 size(std::max(cardW * kWidthCards, std::min(labelsW, width)), cardH * kHeightCards);
    ImGui::Dummy(size);
    const Diagram d{*ImGui::GetWindowDrawList(), origin, cardW, cardH};
    d.draw.AddRectFilled(start, ImVec2(start.x + size.x, start.y + size.y), kFelt, 8.0f);

    const std::array<Card, 4> theirs{{{"4"}, {"9", true}, {"A"}, {"J", true}}};
    for (int slot = 0; slot < 4; ++slot) d.card(d.at(static_cast<float>(slot) * 1.15f, 0), theirs[static_cast<std::size_t>(slot)]);
    d.card(d.at(5.3f, 0), {});

    d.card(d.at(2.0f, 1.25f), {"5", true});
    d.card(d.at(3.3f, 1.25f), {"Q"});

    d.card(d.at(0, 2.5f), {});
    const std::array<Card, 4> yours{{{"6"}, {"K", true}, {"9"}, {"2", true}}};
    for (int slot = 0; slot < 4; ++slot) d.card(d.at(1.5f + static_cast<float>(slot) * 1.15f, 2.5f), yours[static_cast<std::size_t>(slot)]);

    for (const auto& label : labels) d.label(d.at(label.x, label.y), label.text);

    d.arrow(d.at(2.0f, 2.5f), d.at(2.5f, 2.25f));  // 6 on 5
    d.arrow(d.at(3.15f, 2.5f), d.at(3.8f, 2.25f)); // K on Q
}

} // namespace speed::client::ui
