/**
 * Every message the server sends to players, in the site's language (en, or ru on SITE=ru), and the error
 * type that carries one. Services throw AppError with a key; the app's error handler translates it.
 */
export const messages = {
  en: {
    bad_request: 'The request is malformed.',
    not_found: 'Not found.',
    not_signed_in: 'Please sign in first.',
    items_required: 'Choose your items or an amount of your balance to stake.',
    balance_insufficient: 'Your balance is lower than the amount you stake: stake less.',
    balance_stake_invalid: 'balance_stake must be an amount from 0 with at most two decimals.',
    items_invalid: 'Item ids must be distinct whole numbers.',
    too_many_items: 'The maximum number of skins for one game is reached.',
    target_required: 'Choose an item to upgrade to.',
    roll_under_invalid: 'The wheel direction must be 0 or 1.',
    chance_invalid: 'The win chance is missing or not a number.',
    multiplier_invalid: 'The multiplier must be a number.',
    token_missing: 'The request has no security token; reload the page.',
    token_invalid: 'The security token is expired or already used; try again.',
    captcha_failed: 'The anti-bot check failed; reload the page and try again.',
    item_unavailable: 'An item is no longer available; refresh your inventory.',
    item_locked: 'This skin cannot be used.',
    target_unavailable: 'That item is not available for upgrades.',
    target_too_cheap: 'The target item must cost more than your stake.',
    prices_changed: 'Prices have changed; check the chance and try again.',
    upgrade_won: 'You won!',
    upgrade_lost: 'You lost this time.',
    sell_id_invalid: 'The item id must be a whole number.',
    username_invalid: 'The username must be 3 to 32 letters, digits, _, - or .',
    password_invalid: 'The password must be 4 to 128 characters.',
    username_taken: 'This username is taken.',
    login_failed: 'Wrong username or password.',
    client_seed_invalid:
      'The client seed must be 1 to 64 visible characters: letters, digits, punctuation, symbols or spaces (no invisible or direction-changing characters).',
    roll_not_found: 'No game with this roll id.',
    page_invalid: 'The page must be a whole number from 0.',
    purpose_invalid: "The token purpose must be 'caseopen'.",
    db_unavailable: 'The service is temporarily unavailable; try again shortly.',
    rate_limited: 'Too many requests; slow down.',
    rate_limited_auth: 'Too many sign-in attempts from your address; wait a minute and try again.',
    rate_limited_login: 'Too many sign-in attempts for this account; wait a minute and try again.',
    rate_limited_upgrade: 'Too many upgrades in a row; wait a moment and try again.',
    cross_site: 'Requests from other sites are not allowed; open the page on this site.',
    internal: 'Something went wrong on our side.',
    chance_too_low: 'The win chance is below the minimum: add items to your stake or choose a cheaper target.',
    audit_window_invalid: "The window must be '24h', '7d', '30d' or 'all'.",
    audit_after_invalid: 'after must be a game id: a whole number from 0.',
    audit_limit_invalid: 'limit must be a whole number from 1 to 10000.',
    live_too_many: 'Too many live feeds are open from your address; close a tab and try again.',
    live_hidden: 'Hidden',
    hide_name_invalid: 'hide must be 0 or 1.',
    steam_malformed: 'The answer from Steam is malformed; sign in again.',
    steam_cancelled: 'Steam sign-in was cancelled or not completed.',
    steam_endpoint: 'The sign-in answer did not come from Steam.',
    steam_state: 'This Steam sign-in was started in another browser or has expired; sign in again.',
    steam_return_to: 'This Steam sign-in was meant for another site.',
    steam_identity: 'Steam did not name a valid Steam account.',
    steam_unsigned: 'The Steam sign-in answer is not fully signed.',
    steam_expired: 'The Steam sign-in answer is too old; sign in again.',
    steam_replayed: 'This Steam sign-in answer was already used; sign in again.',
    steam_rejected: 'Steam did not confirm this sign-in; sign in again.',
    steam_unavailable: 'Steam cannot be reached right now; try again later or sign in with a username.',
    metrics_token: 'The metrics need a valid bearer token.',
    metrics_local: 'The metrics answer this machine only; set METRICS_TOKEN to scrape from elsewhere.',
    rate_limited_page: 'Too many requests from your address; wait a minute and try again.',
    rate_limited_seed: 'Too many seed changes; wait an hour before changing your seed again.',
    password_short: 'Choose a password of 8 to 128 characters.',
    password_is_username: 'The password must not be your username.',
    password_common: 'This password is one of the most common ones; choose another.',
    self_excluded:
      'You are taking a break from play until {until}. You can still sign in, see your items, history and seeds, and sell items.',
    self_excluded_permanent:
      'You have excluded yourself from play for good. You can still sign in, see your items, history and seeds, and sell items.',
    limit_reached: 'This game would pass your {limit}: {left} is left until it resets at {resets}.',
    limit_loss_day: 'daily loss limit',
    limit_loss_week: 'weekly loss limit',
    limit_loss_month: 'monthly loss limit',
    limit_stake_day: 'daily stake limit',
    limit_stake_week: 'weekly stake limit',
    limit_stake_month: 'monthly stake limit',
    limit_kind_invalid: "kind must be 'loss' or 'stake'.",
    limit_period_invalid: "period must be 'day', 'week' or 'month'.",
    limit_amount_invalid: 'amount must be an amount above 0 with at most two decimals, or empty to remove the limit.',
    cool_off_period_invalid: "period must be '24h', '7d', '30d' or 'permanent'.",
    reality_check_invalid: 'minutes must be 0 (off), 15, 30 or 60.',
    age_required: 'Confirm that you are 18 or older to create an account.',
  },
  ru: {
    bad_request: 'Некорректный запрос.',
    not_found: 'Не найдено.',
    not_signed_in: 'Сначала войдите в аккаунт.',
    items_required: 'Выберите предметы или сумму с баланса для ставки.',
    balance_insufficient: 'На балансе меньше, чем сумма ставки: поставьте меньше.',
    balance_stake_invalid: 'balance_stake должен быть суммой от 0 не более чем с двумя знаками после запятой.',
    items_invalid: 'Идентификаторы предметов должны быть разными целыми числами.',
    too_many_items: 'Достигнуто максимальное количество скинов для одной игры.',
    target_required: 'Выберите предмет для апгрейда.',
    roll_under_invalid: 'Направление колеса должно быть 0 или 1.',
    chance_invalid: 'Шанс победы не указан или не является числом.',
    multiplier_invalid: 'Множитель должен быть числом.',
    token_missing: 'В запросе нет токена безопасности; обновите страницу.',
    token_invalid: 'Токен безопасности истёк или уже использован; попробуйте ещё раз.',
    captcha_failed: 'Проверка на робота не пройдена; обновите страницу и попробуйте ещё раз.',
    item_unavailable: 'Предмет больше недоступен; обновите инвентарь.',
    item_locked: 'Этот скин нельзя использовать.',
    target_unavailable: 'Этот предмет недоступен для апгрейда.',
    target_too_cheap: 'Целевой предмет должен стоить больше ставки.',
    prices_changed: 'Цены изменились; проверьте шанс и попробуйте снова.',
    upgrade_won: 'Вы выиграли!',
    upgrade_lost: 'На этот раз не повезло.',
    sell_id_invalid: 'Идентификатор предмета должен быть целым числом.',
    username_invalid: 'Имя пользователя: от 3 до 32 букв, цифр, _, - или .',
    password_invalid: 'Пароль должен содержать от 4 до 128 символов.',
    username_taken: 'Это имя пользователя занято.',
    login_failed: 'Неверное имя пользователя или пароль.',
    client_seed_invalid:
      'Клиентский сид: от 1 до 64 видимых символов — буквы, цифры, знаки препинания, символы или пробелы (без невидимых символов и символов смены направления текста).',
    roll_not_found: 'Игра с таким roll id не найдена.',
    page_invalid: 'Страница должна быть целым числом от 0.',
    purpose_invalid: "Назначение токена должно быть 'caseopen'.",
    db_unavailable: 'Сервис временно недоступен; попробуйте чуть позже.',
    rate_limited: 'Слишком много запросов; помедленнее.',
    rate_limited_auth: 'Слишком много попыток входа с вашего адреса; подождите минуту и попробуйте снова.',
    rate_limited_login: 'Слишком много попыток входа в этот аккаунт; подождите минуту и попробуйте снова.',
    rate_limited_upgrade: 'Слишком много апгрейдов подряд; подождите немного и попробуйте снова.',
    cross_site: 'Запросы с других сайтов не принимаются; откройте страницу на этом сайте.',
    internal: 'Что-то пошло не так на нашей стороне.',
    chance_too_low: 'Шанс победы ниже минимального: добавьте предметы в ставку или выберите цель дешевле.',
    audit_window_invalid: "Окно должно быть '24h', '7d', '30d' или 'all'.",
    audit_after_invalid: 'after должен быть номером игры: целым числом от 0.',
    audit_limit_invalid: 'limit должен быть целым числом от 1 до 10000.',
    live_too_many: 'С вашего адреса открыто слишком много лент; закройте вкладку и попробуйте снова.',
    live_hidden: 'Скрыто',
    hide_name_invalid: 'hide должно быть 0 или 1.',
    steam_malformed: 'Некорректный ответ Steam; войдите снова.',
    steam_cancelled: 'Вход через Steam отменён или не завершён.',
    steam_endpoint: 'Ответ о входе пришёл не от Steam.',
    steam_state: 'Вход через Steam начат в другом браузере или устарел; войдите снова.',
    steam_return_to: 'Этот вход через Steam предназначен для другого сайта.',
    steam_identity: 'Steam не указал действительный аккаунт Steam.',
    steam_unsigned: 'Ответ Steam о входе подписан не полностью.',
    steam_expired: 'Ответ Steam о входе устарел; войдите снова.',
    steam_replayed: 'Этот ответ Steam о входе уже использован; войдите снова.',
    steam_rejected: 'Steam не подтвердил этот вход; войдите снова.',
    steam_unavailable: 'Steam сейчас недоступен; попробуйте позже или войдите по имени пользователя.',
    metrics_token: 'Для метрик нужен действительный bearer-токен.',
    metrics_local: 'Метрики доступны только с этой машины; задайте METRICS_TOKEN для сбора извне.',
    rate_limited_page: 'Слишком много запросов с вашего адреса; подождите минуту и попробуйте снова.',
    rate_limited_seed: 'Слишком много смен сида; подождите час, прежде чем менять сид снова.',
    password_short: 'Выберите пароль длиной от 8 до 128 символов.',
    password_is_username: 'Пароль не должен совпадать с именем пользователя.',
    password_common: 'Это один из самых распространённых паролей; выберите другой.',
    self_excluded:
      'Вы взяли перерыв в игре до {until}. Вы по-прежнему можете входить, смотреть предметы, историю и сиды и продавать предметы.',
    self_excluded_permanent:
      'Вы навсегда исключили себя из игры. Вы по-прежнему можете входить, смотреть предметы, историю и сиды и продавать предметы.',
    limit_reached: 'Эта игра превысит ваш {limit}: осталось {left} до сброса {resets}.',
    limit_loss_day: 'дневной лимит проигрыша',
    limit_loss_week: 'недельный лимит проигрыша',
    limit_loss_month: 'месячный лимит проигрыша',
    limit_stake_day: 'дневной лимит ставок',
    limit_stake_week: 'недельный лимит ставок',
    limit_stake_month: 'месячный лимит ставок',
    limit_kind_invalid: "kind должен быть 'loss' или 'stake'.",
    limit_period_invalid: "period должен быть 'day', 'week' или 'month'.",
    limit_amount_invalid:
      'amount должен быть суммой больше 0 не более чем с двумя знаками после запятой или пустым, чтобы снять лимит.',
    cool_off_period_invalid: "period должен быть '24h', '7d', '30d' или 'permanent'.",
    reality_check_invalid: 'minutes должно быть 0 (выкл.), 15, 30 или 60.',
    age_required: 'Подтвердите, что вам 18 лет или больше, чтобы создать аккаунт.',
  },
} as const;

/** A message key. */
export type MessageKey = keyof (typeof messages)['en'];
/** A supported language. */
export type Lang = keyof typeof messages;

/** Values a message names in braces, such as `{until}`. */
export type MessageParams = Readonly<Record<string, string>>;

/** The text of a key in a language, with its `{name}` placeholders filled. */
export function t(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const text: string = messages[lang][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * A refusal the player should see: HTTP status plus a message key, the values its message names, and fields the
 * answer carries beside the message (ErrorResponse's optional ones).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(key);
  }
}
