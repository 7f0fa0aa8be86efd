// parse/extract/sections.hpp — the CV cut into sections of typed lines (internal).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parse/extract/markup.hpp"

namespace cvsearch::extract {

/// One section: its heading as written, its kind, and its lines (the heading
/// line itself excluded). Sub-headings that do not start a section of their own
/// ("### Resource Scheduling for LLMs" inside Research Experience) stay in
/// `lines` with their heading_level set.
struct Block {
    std::string heading;
    std::string kind;  ///< "header" for the text before the first heading
    int level = 0;     ///< '#' count of the heading, 0 for plain-text headings
    std::vector<Line> lines;
};

std::vector<Block> split_blocks(std::string_view text);

/// The heading text without decoration: "**PUBLICATIONS (selected)**:" ->
/// "PUBLICATIONS (selected)", "Invited Talks_____" -> "Invited Talks".
std::string clean_heading(std::string_view heading);

/// The section text for Section::text: lines joined, paragraphs and list
/// items kept on lines of their own.
std::string block_text(const Block& block);

}  // namespace cvsearch::extract
