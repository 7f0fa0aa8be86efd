// `cvsearch show ID`, `cvsearch similar ID`, `cvsearch stats`: looking at the index.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/render.hpp"
#include "options.hpp"
#include "print.hpp"
#include "profile_print.hpp"

namespace cvsearch::cli {

Action add_show_command(CLI::App& app) {
    struct Args { std::string id, db; bool json = false; };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand("show", "Show one indexed profile");
    cmd->footer("Examples:\n  cvsearch show kaist/jae-won-ryu\n  cvsearch show kaist/jae-won-ryu --json\n\n"
                "Exit status: 0 found, 2 unknown id or error.");
    cmd->add_option("id", a->id, "Profile id (as printed by search)")->required();
    add_db_option(*cmd, a->db);
    cmd->add_flag("--json", a->json, "Print the profile as JSON (docs/profile-schema.json)");
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        Searcher searcher = open_searcher(resolve_db(a->db));
        auto profile = searcher.profile(a->id);
        if (!profile)
            throw Error(ErrorCode::not_found, a->id, "no profile with this id in the index (ids are printed by `cvsearch search`)");
        if (a->json) {
            std::cout << to_json(*profile, 2) << "\n";
            return exit_ok;
        }
        print_profile(*profile, style_for(stdout));
        // The person's other files: search shows them as one hit with this one.
        const auto others = searcher.same_person(a->id);
        if (!others.empty()) {
            std::cout << "\nSame person, also indexed as:";
            for (const auto& id : others) std::cout << " " << terminal_escape(id);
            std::cout << "\n";
        }
        return exit_ok;
    };
}

Action add_similar_command(CLI::App& app) {
    struct Args { std::string id, db, color = "auto"; std::size_t limit = 10; bool json = false; };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand("similar", "Profiles most like a given one");
    cmd->footer("Examples:\n  cvsearch similar kaist/jae-won-ryu --limit 5\n\nExit status: 0 hits, 1 none, 2 error.");
    cmd->add_option("id", a->id, "Profile id")->required();
    add_db_option(*cmd, a->db);
    cmd->add_option("--limit,-n", a->limit, "How many profiles")->capture_default_str()->check(CLI::Range(1, 1000));
    cmd->add_flag("--json", a->json, "Print the results as JSON");
    add_color_option(*cmd, a->color);
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        Searcher searcher = open_searcher(resolve_db(a->db));
        SearchResults results = searcher.similar(a->id, a->limit);
        if (a->json) {
            std::cout << results_to_json(results, 2) << "\n";
        } else {
            TerminalStyle style;
            style.color = use_color(a->color);
            style.show_facets = false;
            style.show_warnings = false;
            std::cout << results_to_terminal(results, style);
            print_warnings(results.warnings);
        }
        return results.hits.empty() ? exit_no_match : exit_ok;
    };
}

Action add_stats_command(CLI::App& app) {
    struct Args { std::string db; std::size_t values = 10; bool json = false; };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand("stats", "What the index holds: profiles, facet values, schema, build time");
    cmd->footer("Examples:\n  cvsearch stats\n  cvsearch stats --json --values 50");
    add_db_option(*cmd, a->db);
    cmd->add_option("--values", a->values, "Top values to list per facet")->capture_default_str();
    cmd->add_flag("--json", a->json, "Print as JSON");
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        std::filesystem::path db = resolve_db(a->db);
        IndexStats stats = open_searcher(db).stats(a->values);
        if (a->json) {
            std::cout << stats_to_json(stats, 2) << "\n";
            return exit_ok;
        }
        std::cout << "index            " << db.string() << "\n"
                  << "profiles         " << stats.profiles << "\n"
                  << "persons          " << stats.persons << "\n"
                  << "schema version   " << stats.schema_version << "\n"
                  << "built            " << (stats.built_at.empty() ? "unknown" : stats.built_at) << " by cvsearch "
                  << stats.library_version << "\n";
        for (Facet f : all_facets()) {
            auto it = stats.facets.find(f);
            if (it == stats.facets.end()) continue;
            std::cout << facet_name(f) << " (" << stats.distinct_values[f] << " distinct)\n";
            for (const auto& v : it->second) std::cout << "  " << v.count << "\t" << v.value << "\n";
        }
        return exit_ok;
    };
}

}  // namespace cvsearch::cli
