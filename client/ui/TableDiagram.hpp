#pragma once

namespace speed::client::ui {

// The picture of the table on Help > How to play, drawn `width` pixels wide into the current
// ImGui window: the same arrangement as the real table, with labels in the current language and
// two example plays.
void drawTableDiagram(float width);

} // namespace speed::client::ui
