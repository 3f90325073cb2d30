// What went wrong, in the reader's language. The server names the refusals
// a player commonly meets with a stable code (api/openapi.yaml, the Error
// schema); any other is shown as the server words it.

import { ApiError } from "./api";
import { t, type Key } from "./i18n";

const byCode: Record<string, Key> = {
  // Signing up and in.
  wrong_password: "auth.wrong",
  name_taken: "auth.taken",
  too_many_tries: "auth.wait",
  name_invalid: "auth.badname",
  password_invalid: "auth.badpassword",
  name_confusable: "auth.confusable",
  signup_rate: "auth.signup_rate",
  work_required: "auth.wait",
  // The account's e-mail.
  email_invalid: "err.email_invalid",
  email_rate: "err.email_rate",
  token_invalid: "err.token_invalid",
  reset_rate: "err.reset_rate",
  notify_invalid: "err.notify_invalid",
  // Creating, joining and starting games.
  too_many_games: "err.too_many_games",
  phase_too_short: "err.phase_too_short",
  phase_too_long: "err.phase_too_long",
  bad_time_zone: "err.bad_time_zone",
  bad_time_of_day: "err.bad_time_of_day",
  reliability_too_low: "err.reliability_too_low",
  sandbox_source: "err.sandbox_source",
  game_name_invalid: "err.game_name_invalid",
  game_started: "err.game_started",
  already_seated: "err.already_seated",
  seat_taken: "err.seat_taken",
  game_full: "err.game_full",
  invitation_needed: "err.invitation_needed",
  no_spectators: "err.no_spectators",
  not_creator: "err.not_creator",
  no_players: "err.no_players",
  seats_empty: "err.seats_empty",
  // Playing.
  not_player: "err.not_player",
  not_in_play: "err.not_in_play",
  phase_played: "err.phase_played",
  no_draws: "err.no_draws",
  power_out: "err.power_out",
  not_asked: "err.not_asked",
  target_not_seat: "err.target_not_seat",
  target_out: "err.target_out",
  target_self: "err.target_self",
  already_ally: "err.already_ally",
  no_alliances: "err.no_alliances",
  already_in_war: "err.already_in_war",
  already_asked: "err.already_asked",
  // Press.
  no_press: "err.no_press",
  public_press_only: "err.public_press_only",
  game_finished: "err.game_finished",
  press_invalid: "err.press_invalid",
  press_rate: "err.press_rate",
  game_press_rate: "err.game_press_rate",
  press_full: "err.press_full",
  // Game masters.
  not_master: "err.not_master",
  not_paused: "err.not_paused",
  game_paused: "err.game_paused",
  no_seat_holder: "err.no_seat_holder",
  removed_from_game: "err.removed_from_game",
  no_such_user: "err.no_such_user",
  no_replacements: "err.no_replacements",
  reason_invalid: "err.reason_invalid",
  seconds_invalid: "err.seconds_invalid",
  no_such_power: "err.no_such_power",
  missed_orders_invalid: "err.missed_orders_invalid",
  reliability_invalid: "err.reliability_invalid",
};

/** errorText says what an error from the server (or from reaching it) means. */
export function errorText(e: unknown): string {
  if (!(e instanceof ApiError)) return t("error.network");
  const key = byCode[e.code];
  return key ? t(key) : e.message;
}
