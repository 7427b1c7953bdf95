export { showServerFieldError } from '../../../components/form-field-errors';
