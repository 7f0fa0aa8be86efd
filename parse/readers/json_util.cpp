// JSON parsing guarded against stack exhaustion, with errors that point at the line.
#include "parse/readers/json_util.hpp"

#include "cvsearch/errors.hpp"

namespace cvsearch::readers::json_util {

void check_depth(std::string_view text, std::string_view name) {
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth)
                throw Error(ErrorCode::parse, std::string(name),
                            "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels (" + position(text, i) +
                                "); a profile never needs that, so the file is refused");
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
}

std::string without_comments_and_trailing_commas(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            out.push_back(c);
            if (c == '\\' && i + 1 < text.size()) out.push_back(text[++i]);
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') { in_string = true; out.push_back(c); continue; }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i < text.size() && text[i] != '\n') ++i;
            out.push_back('\n');
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            std::size_t end = text.find("*/", i + 2);
            i = end == std::string_view::npos ? text.size() : end + 1;
            out.push_back(' ');
            continue;
        }
        if (c == ']' || c == '}') {  // drop a comma left before the close
            std::size_t k = out.find_last_not_of(" \t\r\n");
            if (k != std::string::npos && out[k] == ',') out.erase(k, 1);
        }
        out.push_back(c);
    }
    return out;
}

std::string position(std::string_view text, std::size_t byte) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') { ++line; column = 1; }
        else ++column;
    }
    return "at line " + std::to_string(line) + ", column " + std::to_string(column);
}

nlohmann::ordered_json parse(std::string_view text, std::string_view name) {
    check_depth(text, name);
    try {
        return nlohmann::ordered_json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        std::string what = e.what();
        // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." -> the part after ": "
        auto colon = what.find(": ");
        std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
        std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        throw Error(ErrorCode::parse, std::string(name), "malformed JSON " + position(text, at) + ": " + detail);
    } catch (const nlohmann::json::exception& e) {  // out_of_range.406: a number beyond double, e.g. 1e400
        std::string what = e.what();
        auto bracket = what.find("] ");
        std::string detail = bracket == std::string::npos ? what : what.substr(bracket + 2);
        if (detail.size() > 120) detail = detail.substr(0, 120) + "...";
        throw Error(ErrorCode::parse, std::string(name), "malformed JSON: " + detail);
    }
}

}  // namespace cvsearch::readers::json_util
